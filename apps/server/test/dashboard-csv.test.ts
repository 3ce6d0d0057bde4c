/** The dashboard's CSV cells (issue: back office II): RFC 4180 quoting and no formula a spreadsheet would run. */
import { describe, expect, it } from 'vitest';
import { csvField } from '../src/presenters/admin/dashboard.js';

describe('dashboard CSV cells', () => {
  it('keeps numbers and plain texts, quotes commas, quotes and line breaks', () => {
    expect(csvField(12)).toBe('12');
    expect(csvField(null)).toBe('');
    expect(csvField('Flirtlokaal')).toBe('Flirtlokaal');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('defuses a text a spreadsheet would run as a formula (a site name set by staff)', () => {
    for (const text of ['=HYPERLINK("http://evil.example")', '+1+2', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd']) {
      const cell = csvField(text);
      const unquoted = cell.startsWith('"') ? cell.slice(1) : cell;
      expect(unquoted.startsWith("'"), text).toBe(true);
    }
  });
});
