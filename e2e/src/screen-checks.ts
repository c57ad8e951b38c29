import type { Page } from 'playwright-core';

/**
 * English words a Polish-only interface must not show (library defaults and forgotten labels),
 * matched as whole words in the rendered text.
 */
export const ENGLISH_WORDS = [
  'Submit',
  'Cancel',
  'Save',
  'Delete',
  'Remove',
  'Edit',
  'Loading',
  'Error',
  'Search',
  'Next',
  'Previous',
  'Back',
  'Close',
  'Open',
  'Required',
  'Select',
  'Choose',
  'Page',
  'of',
  'rows',
  'items',
  'No data',
  'No results',
  'Not found',
  'Yes',
  'Upload',
  'Download',
  'Today',
  'Clear',
  'Confirm',
  'Sign in',
  'Log in',
  'Logout',
  'Password',
  'Username',
  'Settings',
  'Profile',
  'Help',
  'Show',
  'Hide',
];

/** The English words found in the page's visible text and accessible names. */
export function englishWordsOnPage(page: Page): Promise<string[]> {
  return page.evaluate((words) => {
    // Visible text plus what assistive technology reads: labels, titles, placeholders.
    const attributes = Array.from(document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]'))
      .map((element) =>
        ['aria-label', 'title', 'placeholder', 'alt'].map((name) => element.getAttribute(name) ?? ''),
      )
      .flat();
    const text = [document.body.innerText, ...attributes].join('\n');
    return words.filter((word) => new RegExp(`(^|[^\\p{L}])${word}(?=$|[^\\p{L}])`, 'u').test(text));
  }, ENGLISH_WORDS);
}

/**
 * tsx compiles these files with esbuild's `keepNames`, which wraps a named function in a call to
 * its `__name` helper; a function body sent to the page carries that call but not the helper.
 */
async function allowNamedFunctions(page: Page): Promise<void> {
  await page.evaluate('window.__name = window.__name || ((target) => target)');
}

export interface LayoutProblem {
  kind: 'page-scrolls-sideways' | 'text-overflows' | 'control-covered';
  element: string;
  detail: string;
}

/**
 * Waits until no animation has run for a few frames: when the window narrows, the side menu folds
 * with an animation, and a page measured half-way through is not the page a person reads.
 */
async function animationsEnded(page: Page, stillFrames = 5, timeoutMs = 5_000): Promise<void> {
  await page.evaluate(
    ([wanted, timeout]) =>
      new Promise<void>((resolve) => {
        const giveUp = Date.now() + timeout;
        let still = 0;
        const nextFrame = () => {
          // A spinner's animation never ends and moves nothing around it.
          const moving = document
            .getAnimations()
            .some(
              (animation) =>
                animation.playState === 'running' &&
                Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity),
            );
          still = moving ? 0 : still + 1;
          if (still >= wanted || Date.now() > giveUp) resolve();
          else requestAnimationFrame(nextFrame);
        };
        requestAnimationFrame(nextFrame);
      }),
    [stillFrames, timeoutMs] as const,
  );
}

/**
 * What is cut off or overlapping at the current viewport once the page has stopped moving: a page
 * wider than the window, an element whose text is wider than its box (its content does not
 * scroll), and an interactive element whose centre is covered by something other than itself or
 * its label.
 */
export async function layoutProblems(page: Page): Promise<LayoutProblem[]> {
  await allowNamedFunctions(page);
  await animationsEnded(page);
  return page.evaluate(() => {
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${element.tagName.toLowerCase()}${id} "${text}"`;
    };
    const visible = (element: Element) => {
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && style.display !== 'none' && element.getClientRects().length > 0;
    };
    const problems: LayoutProblem[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) {
      problems.push({
        kind: 'page-scrolls-sideways',
        element: 'html',
        detail: `${root.scrollWidth}px wide in a ${root.clientWidth}px window`,
      });
    }
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      if (!(element instanceof HTMLElement) || !visible(element)) continue;
      if (/^(INPUT|TEXTAREA|SELECT|svg|CANVAS|IMG|VIDEO|IFRAME)$/i.test(element.tagName)) continue;
      const style = getComputedStyle(element);
      if (style.display === 'inline' || /(auto|scroll)/.test(style.overflowX)) continue;
      const ownText = Array.from(element.childNodes).some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
      );
      if (ownText && element.scrollWidth > element.clientWidth + 1) {
        problems.push({
          kind: 'text-overflows',
          element: describe(element),
          detail: `content ${element.scrollWidth}px in a ${element.clientWidth}px box`,
        });
      }
    }
    const interactive = document.body.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="checkbox"], [role="combobox"]',
    );
    for (const element of Array.from(interactive)) {
      if (!visible(element) || element.closest('[aria-hidden="true"], [inert]')) continue;
      element.scrollIntoView({ block: 'center', inline: 'center' });
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (!hit || hit === element || element.contains(hit)) continue;
      // Fluent draws its own box over a native checkbox or radio and makes the label clickable.
      const labels = element instanceof HTMLInputElement ? Array.from(element.labels ?? []) : [];
      if (labels.some((label) => label.contains(hit)) || hit.contains(element)) continue;
      problems.push({
        kind: 'control-covered',
        element: describe(element),
        detail: `under ${describe(hit)}`,
      });
    }
    window.scrollTo(0, 0);
    return problems;
  });
}

/**
 * Waits until the page has not changed for a while: a screen may still replace its controls after
 * its data arrived (the patient's home sends them on to their one form after a second).
 */
async function domSettled(page: Page, quietMs = 1500, timeoutMs = 10_000): Promise<void> {
  await page.evaluate(
    ([quiet, timeout]) =>
      new Promise<void>((resolve) => {
        let timer = setTimeout(done, quiet);
        const observer = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(done, quiet);
        });
        const giveUp = setTimeout(done, timeout);
        function done() {
          observer.disconnect();
          clearTimeout(giveUp);
          resolve();
        }
        // Elements added or removed, or text changed; not attributes, which hover and animations touch.
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      }),
    [quietMs, timeoutMs] as const,
  );
}

export interface KeyboardWalk {
  /** Controls in the tab order that Tab never reached. */
  unreached: string[];
  /** Controls that look the same focused as unfocused (no outline, ring, border or background change). */
  withoutFocusIndicator: string[];
}

/**
 * Presses Tab from the top of the page through every control inside `scope`, as a keyboard user
 * does. Expected stops are the visible, enabled controls with a non-negative tab index (one per
 * group of radio buttons or arrow-key group, which arrows move within). A stop has a visible focus indicator when the
 * computed outline, box shadow, border or background of the control, its two nearest ancestors or
 * their ::before/::after boxes differ from the unfocused look captured before the walk.
 */
export async function walkWithTab(page: Page, scope: string): Promise<KeyboardWalk> {
  await allowNamedFunctions(page);
  await domSettled(page);
  const expectedCount = await page.evaluate((scopeSelector) => {
    const root = document.querySelector(scopeSelector);
    if (!root) throw new Error(`No ${scopeSelector} on the page`);
    const lookOf = (element: Element): string => {
      const parts: string[] = [];
      let current: Element | null = element;
      for (let depth = 0; depth < 3 && current; depth += 1, current = current.parentElement) {
        for (const pseudo of [null, '::before', '::after']) {
          const style = getComputedStyle(current, pseudo);
          parts.push(
            [
              style.outlineStyle,
              style.outlineWidth,
              style.outlineColor,
              style.boxShadow,
              style.borderTopColor,
              style.borderBottomColor,
              style.borderBottomWidth,
              style.backgroundColor,
              style.content,
            ].join(' '),
          );
        }
      }
      return parts.join('|');
    };
    // A control re-rendered during the walk (a list refreshed, a button swapped for a menu) is a new
    // element: it is known again by its tag, role, name and link, not by the element captured here.
    const identityOf = (element: Element): string =>
      [
        element.tagName,
        element.getAttribute('role'),
        element.getAttribute('aria-label') ?? (element as HTMLElement).innerText?.trim().slice(0, 80),
        element.getAttribute('href'),
        element.getAttribute('name'),
      ].join('|');
    const stopByIdentity = new Map<string, { stop: string; unfocused: string } | null>();
    Object.assign(window, {
      a11yLookOf: lookOf,
      a11yIdentityOf: identityOf,
      a11yStopByIdentity: stopByIdentity,
    });
    (document.activeElement as HTMLElement | null)?.blur();
    let count = 0;
    for (const element of Array.from(
      root.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]'),
    )) {
      if (
        element.tabIndex < 0 ||
        (element as HTMLInputElement).disabled ||
        (element as HTMLInputElement).type === 'hidden' ||
        getComputedStyle(element).visibility === 'hidden' ||
        element.getClientRects().length === 0 ||
        element.closest('[aria-hidden="true"], [inert], [data-tabster-dummy]')
      ) {
        continue;
      }
      // Arrow keys move within a radio group and within Fluent's arrow-key groups (tabster "mover":
      // the side menu, tab lists), which take one tab stop each.
      const mover = element.closest('[data-tabster*="mover"]');
      const group =
        element instanceof HTMLInputElement && element.type === 'radio'
          ? Array.from(document.getElementsByName(element.name))
          : mover
            ? Array.from(mover.querySelectorAll('a[href], button, [tabindex]'))
            : [element];
      if (group.some((member) => (member as HTMLElement).dataset.a11yStop !== undefined)) continue;
      // Any radio of a group counts as the group's stop.
      for (const member of group) {
        (member as HTMLElement).dataset.a11yStop = String(count);
        (member as HTMLElement).dataset.a11yUnfocused = lookOf(member);
        // Two controls alike (the same name and link) cannot be told apart once replaced.
        const identity = identityOf(member);
        stopByIdentity.set(
          identity,
          stopByIdentity.has(identity) ? null : { stop: String(count), unfocused: lookOf(member) },
        );
      }
      count += 1;
    }
    return count;
  }, scope);

  const describeStop = (stop: string) =>
    page.evaluate((value) => {
      const element = document.querySelector<HTMLElement>(`[data-a11y-stop="${value}"]`);
      if (!element) {
        const { a11yStopByIdentity } = window as unknown as {
          a11yStopByIdentity: Map<string, { stop: string } | null>;
        };
        const identity = [...a11yStopByIdentity].find(([, known]) => known?.stop === value)?.[0];
        return `stop ${value} ${identity ?? ''} (no longer on the page)`;
      }
      const name = element.getAttribute('aria-label') ?? element.innerText ?? element.getAttribute('name');
      return `${element.tagName.toLowerCase()} "${(name ?? '').trim().slice(0, 40)}"`;
    }, stop);

  const reached = new Set<string>();
  const withoutFocusIndicator: string[] = [];
  for (let press = 0; press < expectedCount + 40 && reached.size < expectedCount; press += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const { a11yLookOf, a11yIdentityOf, a11yStopByIdentity } = window as unknown as {
        a11yLookOf(element: Element): string;
        a11yIdentityOf(element: Element): string;
        a11yStopByIdentity: Map<string, { stop: string; unfocused: string } | null>;
      };
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      // A replacement is compared with the unfocused look of the control it replaces.
      const known =
        element.dataset.a11yStop !== undefined
          ? { stop: element.dataset.a11yStop, unfocused: element.dataset.a11yUnfocused }
          : a11yStopByIdentity.get(a11yIdentityOf(element));
      if (!known) return null;
      return { stop: known.stop, indicated: a11yLookOf(element) !== known.unfocused };
    });
    if (!focused || reached.has(focused.stop)) continue;
    reached.add(focused.stop);
    if (!focused.indicated) withoutFocusIndicator.push(await describeStop(focused.stop));
  }
  const unreached: string[] = [];
  for (let stop = 0; stop < expectedCount; stop += 1) {
    if (!reached.has(String(stop))) unreached.push(await describeStop(String(stop)));
  }
  return { unreached, withoutFocusIndicator };
}

/**
 * Whether every invalid field of `scope` tells a screen reader why: its `aria-describedby` names a
 * message with text, or a live region (role=alert/status, aria-live) holds one. Returns the fields
 * that do not, and how many fields are marked invalid at all.
 */
export function unannouncedErrors(page: Page, scope: string): Promise<{ invalid: number; silent: string[] }> {
  return page.evaluate((scopeSelector) => {
    const root = document.querySelector(scopeSelector)!;
    const invalid = Array.from(root.querySelectorAll<HTMLElement>('[aria-invalid="true"]'));
    const liveText = Array.from(root.querySelectorAll('[role="alert"], [role="status"], [aria-live]'))
      .map((region) => (region.textContent ?? '').trim())
      .join(' ');
    const silent = invalid
      .filter((field) => {
        const described = (field.getAttribute('aria-describedby') ?? '')
          .split(/\s+/)
          .filter(Boolean)
          .map((id) => (document.getElementById(id)?.textContent ?? '').trim())
          .join(' ');
        return described === '' && liveText === '';
      })
      .map((field) => `${field.tagName.toLowerCase()} ${field.getAttribute('aria-label') ?? field.id}`);
    return { invalid: invalid.length, silent };
  }, scope);
}
