import { escapeAttribute, escapeText } from 'entities';
import { DomUtils, parseDocument } from 'htmlparser2';

/**
 * A prerendered page answered to a form posted without scripts (docs/decisions/0012): the same
 * HTML with the French messages written where React would show them (the error under its field,
 * aria-invalid and aria-describedby on the control, an alert above the fields) and what the
 * visitor typed put back (never a password). Or a notice at the top of the page's <main>.
 *
 * htmlparser2 only finds where things are (start and end offsets); the page is then edited by
 * splicing at those offsets, so everything else stays byte for byte as the build wrote it.
 *
 * Such a page is sent without its scripts (`withoutScripts`): it answers a browser that runs
 * none, and React would find markup it did not render if it hydrated it.
 */

type Document = ReturnType<typeof parseDocument>;
/** What is read of htmlparser2's elements (domhandler's Element, not a dependency of ours). */
interface Element {
  name: string;
  attribs: Record<string, string>;
  children: Document['children'];
  parent: Element | null;
  startIndex: number | null;
  endIndex: number | null;
}

interface Edit {
  start: number;
  /** Exclusive; equal to start for an insertion. */
  end: number;
  text: string;
}

const parse = (html: string) => parseDocument(html, { withStartIndices: true, withEndIndices: true });

function elements(root: { children: Document['children'] }, test: (el: Element) => boolean): Element[] {
  return DomUtils.findAll((el) => test(el as unknown as Element), root.children) as unknown as Element[];
}

function applyEdits(html: string, edits: Edit[]): string {
  let out = html;
  for (const edit of [...edits].sort((a, b) => b.start - a.start || b.end - a.end)) {
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  }
  return out;
}

/** The start tag of a void element (an input), written again with its attributes. */
function voidTag(name: string, attribs: Record<string, string>): string {
  const attrs = Object.entries(attribs)
    .map(([key, value]) => (value === '' ? ` ${key}=""` : ` ${key}="${escapeAttribute(value)}"`))
    .join('');
  return `<${name}${attrs}/>`;
}

/** Where an element's own content starts: just after its start tag's `>`. */
function afterStartTag(html: string, el: Element): number {
  return html.indexOf('>', el.startIndex ?? 0) + 1;
}

/** Where its end tag starts (`</name>`). */
function beforeEndTag(html: string, el: Element): number {
  // endIndex is the end tag's last character ('>'): search back from there, not from the next
  // character, which may start the parent's end tag.
  return html.lastIndexOf('</', el.endIndex ?? 0);
}

const ERROR_CLASS = 'text-sm font-medium text-red-700';
const ALERT_CLASS = 'rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800';
const NOTICE_CLASSES = {
  status: 'rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-900',
  alert: 'rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900',
} as const;

export interface FormAnswer {
  /** The form's action: which form of the page is answered. */
  action: string;
  /** Field name -> what was typed (a password is never written back, whatever is given). */
  values: Record<string, string>;
  /** Field name -> its French message, shown under it. */
  errors: Record<string, string>;
  /** A message above the fields (role="alert"): the summary, or what the server refused. */
  alert?: string;
}

/** The page with the form's messages and values; the page unchanged if the form is not found. */
export function fillForm(html: string, answer: FormAnswer): string {
  const doc = parse(html);
  const [form] = elements(doc, (el) => el.name === 'form' && el.attribs.action === answer.action);
  if (!form) return html;
  const edits: Edit[] = [];
  const controls = elements(
    form,
    (el) => (el.name === 'input' || el.name === 'textarea') && typeof el.attribs.name === 'string',
  );
  const labels = elements(form, (el) => el.name === 'label');
  let firstInvalid: string | undefined;
  for (const control of controls) {
    const name = control.attribs.name as string;
    const attribs = { ...control.attribs };
    const error = answer.errors[name];
    const typed = attribs.type === 'password' ? undefined : answer.values[name];
    if (error) {
      const errorId = `${attribs.id ?? name}-error`;
      attribs['aria-invalid'] = 'true';
      attribs['aria-describedby'] = [attribs['aria-describedby'], errorId].filter(Boolean).join(' ');
      firstInvalid ??= attribs.id;
      // Under the field, as FormField renders it: at the end of the label's wrapper.
      const label = labels.find((l) => l.attribs.for === attribs.id);
      const wrapper = label?.parent ?? control.parent;
      if (wrapper) {
        edits.push({
          start: beforeEndTag(html, wrapper),
          end: beforeEndTag(html, wrapper),
          text: `<p id="${escapeAttribute(errorId)}" class="${ERROR_CLASS}">${escapeText(error)}</p>`,
        });
      }
    }
    const start = control.startIndex ?? 0;
    if (control.name === 'input') {
      if (typed !== undefined) attribs.value = typed;
      if (typed !== undefined || error)
        edits.push({ start, end: (control.endIndex ?? 0) + 1, text: voidTag('input', attribs) });
    } else if (typed !== undefined || error) {
      const open = voidTag('textarea', attribs).replace(/\/>$/, '>');
      // A leading newline right after <textarea> is dropped by the parser: write one first.
      const content = typed !== undefined ? `\n${escapeText(typed)}` : '';
      edits.push({ start, end: (control.endIndex ?? 0) + 1, text: `${open}${content}</textarea>` });
    }
  }
  if (answer.alert) {
    const at = afterStartTag(html, form);
    // A link to the first field in error: without scripts nothing moves the focus there.
    const link = firstInvalid
      ? ` <a class="underline" href="#${escapeAttribute(firstInvalid)}">Aller au premier champ à corriger</a>`
      : '';
    edits.push({
      start: at,
      end: at,
      text: `<div role="alert" class="${ALERT_CLASS}">${escapeText(answer.alert)}${link}</div>`,
    });
  }
  return applyEdits(html, edits);
}

/**
 * A message at the top of the page's main content: `status` for what went well, `alert` for what
 * needs doing. The page unchanged if it has no <main>.
 */
export function addNotice(
  html: string,
  message: string,
  role: 'status' | 'alert' = 'status',
  link?: { href: string; text: string },
): string {
  const [main] = elements(parse(html), (el) => el.name === 'main');
  if (!main) return html;
  const at = afterStartTag(html, main);
  const after = link ? ` <a class="underline" href="${escapeAttribute(link.href)}">${escapeText(link.text)}</a>` : '';
  const notice = `<div class="mx-auto max-w-7xl px-4 pt-6 sm:px-6 lg:px-8"><div role="${role}" class="${NOTICE_CLASSES[role]}">${escapeText(message)}${after}</div></div>`;
  return applyEdits(html, [{ start: at, end: at, text: notice }]);
}

/**
 * The page without what starts React: its scripts (JSON-LD kept: it is data) and module preloads.
 * The page stays whole and readable; its links, menu and forms work without scripts.
 */
export function withoutScripts(html: string): string {
  const doc = parse(html);
  const edits = elements(
    doc,
    (el) =>
      (el.name === 'script' && !/^application\/(ld\+)?json$/i.test(el.attribs.type ?? '')) ||
      (el.name === 'link' && el.attribs.rel === 'modulepreload'),
  ).map((el) => ({ start: el.startIndex ?? 0, end: (el.endIndex ?? 0) + 1, text: '' }));
  return applyEdits(html, edits);
}
