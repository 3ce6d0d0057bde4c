// @vitest-environment happy-dom
import { FICTIONAL_MASK_EMOJI } from '@app/contracts';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FictionalIcon } from '../src/components/fictional-icon';

afterEach(cleanup);

describe('the fictional label icon', () => {
  it('draws the mask emoji as SVG, since many devices have no emoji font and show an empty box', () => {
    for (const icon of [FICTIONAL_MASK_EMOJI, `${FICTIONAL_MASK_EMOJI}\uFE0F`]) {
      const { container } = render(<FictionalIcon icon={icon} />);
      expect(container.querySelector('svg path')?.getAttribute('d')).toBeTruthy();
      expect(container.textContent).not.toContain(FICTIONAL_MASK_EMOJI);
      cleanup();
    }
  });

  it("keeps a site's own image or text, and shows nothing for no icon", () => {
    expect(
      render(<FictionalIcon icon="/icons/mask.svg" />)
        .container.querySelector('img')
        ?.getAttribute('src'),
    ).toBe('/icons/mask.svg');
    cleanup();
    expect(render(<FictionalIcon icon="F" />).container.textContent).toBe('F');
    cleanup();
    expect(render(<FictionalIcon icon="" />).container.innerHTML).toBe('');
  });
});
