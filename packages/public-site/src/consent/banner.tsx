/** @jsxImportSource preact */
import type { Ref } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ConsentChoice } from './choice.js';
import type { ConsentTexts } from './texts.js';

/** What the visitor allows beside the necessary cookies. */
export type ConsentAllowed = Pick<ConsentChoice, 'statistics' | 'marketing'>;

/** Props of the consent panel. */
export interface ConsentPanelProps {
  texts: ConsentTexts;
  policyUrl: string;
  /** The stored choice (the switches start from it); null before the first choice (all off). */
  choice: ConsentChoice | null;
  /** Open with the category switches shown (the visitor asked for the settings). */
  expanded: boolean;
  /** Move focus to the panel's heading: the visitor opened it. A first-visit banner does not take focus. */
  focusOnOpen: boolean;
  onChoose: (allowed: ConsentAllowed) => void;
  /** Closes without a change (also Escape); null when no choice exists yet. */
  onClose: (() => void) | null;
}

/** One category line: its name, a switch, what it is for. */
function Category({
  id,
  title,
  text,
  checked,
  note,
  onChange,
  inputRef,
}: {
  id: string;
  title: string;
  text: string;
  checked: boolean;
  /** Shown beside a switch that cannot be turned off ("Always on"). */
  note?: string;
  onChange?: (on: boolean) => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <div class="cc-category">
      <div class="cc-switch-row">
        <label class="cc-label" for={id}>
          {title}
        </label>
        {note && (
          <span class="cc-note" id={`${id}-note`}>
            {note}
          </span>
        )}
        <input
          ref={inputRef}
          id={id}
          type="checkbox"
          role="switch"
          class="cc-switch"
          checked={checked}
          aria-checked={checked}
          disabled={!onChange}
          aria-describedby={note ? `${id}-note ${id}-text` : `${id}-text`}
          onChange={(event) => onChange?.(event.currentTarget.checked)}
        />
      </div>
      <p class="cc-category-text" id={`${id}-text`}>
        {text}
      </p>
    </div>
  );
}

/** Keeps the end of the page reachable above the fixed panel: the body gets the panel's height as padding. */
function usePageRoom(panel: { current: HTMLElement | null }): void {
  useLayoutEffect(() => {
    const element = panel.current;
    if (!element) return;
    const body = document.body;
    const own = body.style.paddingBottom;
    body.style.paddingBottom = '';
    const base = Number.parseFloat(getComputedStyle(body).paddingBottom) || 0;
    const fit = () => {
      body.style.paddingBottom = `${base + element.offsetHeight}px`;
    };
    fit();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      body.style.paddingBottom = own;
    };
  }, [panel]);
}

/**
 * The cookie banner (issue: public site, consent): a labelled region fixed to the bottom of the page,
 * never a focus trap, with "Accept all" and "Necessary only" side by side in the same style (refusing
 * is as easy as accepting) and "Settings", which shows a switch per category (necessary always on,
 * statistics and marketing off until chosen) and "Save choice".
 */
export function ConsentPanel({
  texts,
  policyUrl,
  choice,
  expanded,
  focusOnOpen,
  onChoose,
  onClose,
}: ConsentPanelProps) {
  const [isExpanded, setExpanded] = useState(expanded);
  const [statistics, setStatistics] = useState(choice?.statistics ?? false);
  const [marketing, setMarketing] = useState(choice?.marketing ?? false);
  const panel = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstSwitch = useRef<HTMLInputElement>(null);
  const expandedByClick = useRef(false);
  usePageRoom(panel);

  useEffect(() => {
    if (focusOnOpen) heading.current?.focus();
  }, [focusOnOpen]);
  useEffect(() => {
    if (isExpanded && expandedByClick.current) firstSwitch.current?.focus();
  }, [isExpanded]);

  return (
    <section
      ref={panel}
      class="cc-panel"
      aria-labelledby="cc-title"
      aria-describedby="cc-intro"
      data-testid="consent-banner"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && onClose) onClose();
      }}
    >
      <div class="cc-inner">
        <h2 class="cc-title" id="cc-title" tabIndex={-1} ref={heading}>
          {texts.title}
        </h2>
        <p class="cc-intro" id="cc-intro">
          {texts.intro} <a href={policyUrl}>{texts.policy}</a>
        </p>
        {isExpanded && (
          <fieldset class="cc-categories">
            <legend class="cc-legend">{texts.settingsTitle}</legend>
            <Category
              id="cc-necessary"
              title={texts.necessaryTitle}
              text={texts.necessaryText}
              checked
              note={texts.alwaysOn}
            />
            <Category
              id="cc-statistics"
              title={texts.statisticsTitle}
              text={texts.statisticsText}
              checked={statistics}
              onChange={setStatistics}
              inputRef={firstSwitch}
            />
            <Category
              id="cc-marketing"
              title={texts.marketingTitle}
              text={texts.marketingText}
              checked={marketing}
              onChange={setMarketing}
            />
          </fieldset>
        )}
        <div class="cc-actions">
          <button type="button" class="cc-btn" onClick={() => onChoose({ statistics: true, marketing: true })}>
            {texts.acceptAll}
          </button>
          <button type="button" class="cc-btn" onClick={() => onChoose({ statistics: false, marketing: false })}>
            {texts.necessaryOnly}
          </button>
          {isExpanded ? (
            <button type="button" class="cc-btn cc-btn-outline" onClick={() => onChoose({ statistics, marketing })}>
              {texts.save}
            </button>
          ) : (
            <button
              type="button"
              class="cc-btn cc-btn-outline"
              aria-expanded="false"
              onClick={() => {
                expandedByClick.current = true;
                setExpanded(true);
              }}
            >
              {texts.settings}
            </button>
          )}
        </div>
        {onClose && (
          <button type="button" class="cc-close" aria-label={texts.close} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        )}
      </div>
    </section>
  );
}
