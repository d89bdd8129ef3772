// Small shared pieces: loading an API resource, the error banner, form fields with their 422 message.
import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, page } from './api';

export interface Loaded<T> {
  data: T | undefined;
  error: ApiError | undefined;
  reload: () => void;
}

/** Runs `load` on mount and whenever `deps` change; keeps the problem the API answered. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[] = []): Loaded<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<ApiError>();
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      (d) => live && (setData(d), setError(undefined)),
      (e: unknown) => live && setError(asApiError(e)),
    );
    return () => void (live = false);
  }, [...deps, tick]);
  return { data, error, reload: useCallback(() => setTick((t) => t + 1), []) };
}

export function asApiError(e: unknown): ApiError {
  return e instanceof ApiError ? e : new ApiError(0, e instanceof Error ? e.message : String(e));
}

/** Runs an action, keeping its problem for the form (banner and field messages). */
export function useAction(): [
  ApiError | undefined,
  (fn: () => Promise<unknown>) => Promise<boolean>,
  boolean,
] {
  const [error, setError] = useState<ApiError>();
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (fn: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await fn();
      setError(undefined);
      return true;
    } catch (e) {
      setError(asApiError(e));
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  return [error, run, busy];
}

/**
 * The problem of the last call, in an alert. `atFields`: the form shows each 422 pointer at its own
 * field (a form generated from a schema), so the alert says how many and only adds what names no field
 * (the document as a whole), instead of repeating the validator's words.
 */
export function Problem({ error, atFields }: { error: ApiError | undefined; atFields?: boolean }) {
  if (!error) return null;
  if (atFields && error.status === 422 && error.errors.length > 0) {
    const whole = error.errors.filter((e) => e.pointer === '' || e.pointer === '/');
    const n = error.errors.length - whole.length;
    return (
      <p class="problem" role="alert">
        {n > 0 &&
          `Not saved: ${n === 1 ? 'one field needs another value, said under it' : `${n} fields need another value, said under each`}.`}
        {whole.map((e) => ` ${e.detail}`)}
      </p>
    );
  }
  return (
    <p class="problem" role="alert">
      {problemWords(error)}
    </p>
  );
}

/**
 * What a permission the API names as missing is, in words: a CAN_ACCESS grant is "a grant on this
 * project", as the project page's "Who may access it" calls it.
 */
export const permissionWords = (missing: string): string =>
  missing.replace(
    /\(or a CAN_ACCESS grant with (\w+) on the project\)/g,
    '(or a grant on this project that lets you $1 it)',
  );

/**
 * An API problem as a sentence: a refusal says which permission the role lacks ("missing permission
 * user:read" is "Your role does not allow this: it needs the permission user:read."); any other message
 * starts with a capital when it starts with a plain word, and ends with a full stop.
 */
export function problemWords(error: ApiError): string {
  const missing = error.status === 403 ? /^missing permission (.+)$/.exec(error.detail)?.[1] : undefined;
  if (missing) return `Your role does not allow this: it needs the permission ${permissionWords(missing)}.`;
  const text = error.detail.trim().replace(/^[a-z]+(?= )/, (w) => w[0]!.toUpperCase() + w.slice(1));
  return /[\p{L}\p{N}]$/u.test(text) ? `${text}.` : text;
}

let fieldIds = 0;

/** A labelled control; the API's message for `pointer` is shown under it and tied to it for screen readers. */
export function Field(props: {
  label: string;
  pointer?: string;
  error?: ApiError | undefined;
  hint?: string;
  /** Puts the API's message in the field's own words (a schema-generated field names what it expects). */
  words?: (message: string) => string;
  children: (attrs: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby'?: string;
  }) => ComponentChildren;
}) {
  const [id] = useState(() => `f${++fieldIds}`);
  const raw = props.pointer ? props.error?.at(props.pointer) : undefined;
  const message = raw && props.words ? props.words(raw) : raw;
  const described = [props.hint && `${id}-hint`, message && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div class={`field${message ? ' invalid' : ''}`} data-pointer={props.pointer}>
      <label for={id}>{props.label}</label>
      {props.children({
        id,
        'aria-invalid': !!message,
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      {props.hint && (
        <small id={`${id}-hint`} class="hint">
          {props.hint}
        </small>
      )}
      {message && (
        <small id={`${id}-error`} class="field-error">
          {message}
        </small>
      )}
    </div>
  );
}

export function when(iso: string | null | undefined): string {
  return iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—';
}

/** The header of a column of row actions: named for screen readers only. */
export const ACTIONS = { actions: true } as const;

/**
 * A data table: its caption (for screen readers), one header per column, then the rows; when there are
 * none and `empty` is given, one row saying so. Below 640 px wide each row shows as a card, each cell under
 * its column's header and the row's actions (an `ACTIONS` last column) on a line of their own.
 */
export function Table(props: {
  caption: string;
  columns: readonly (string | typeof ACTIONS)[];
  rows: number;
  empty?: string;
  class?: string;
  children: ComponentChildren;
}) {
  // Each column's header as a CSS string (`--col-2: "Status"`): on a narrow screen every row is a card
  // whose cells are labelled with them (style.css), so that no row's actions sit past the screen's edge.
  // Set through the style object (CSSOM), which the console's CSP allows where a style attribute is not.
  const labels: Record<string, string> = {};
  props.columns.forEach((c, i) => {
    if (typeof c === 'string') labels[`--col-${i + 1}`] = JSON.stringify(c);
  });
  const last = props.columns[props.columns.length - 1];
  const cls = [props.class, typeof last === 'string' ? '' : 'row-actions'].filter(Boolean).join(' ');
  // Focusable, so that a keyboard can scroll it when it is wider than its box: it scrolls inside its box
  // (with a shadow at the side where more is), never the page.
  return (
    <div class="table-scroll">
      <table class={cls || undefined} style={labels} tabIndex={0}>
        <caption class="sr-only">{props.caption}</caption>
        <thead>
          <tr>
            {props.columns.map((c, i) =>
              typeof c === 'string' ? (
                <th scope="col" key={i}>
                  {c}
                </th>
              ) : (
                <th scope="col" key={i}>
                  <span class="sr-only">Actions</span>
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {props.rows === 0 && props.empty !== undefined && (
            <tr>
              <td colSpan={props.columns.length}>{props.empty}</td>
            </tr>
          )}
          {props.children}
        </tbody>
      </table>
    </div>
  );
}

/** A page: its title, and above it where it sits (`crumbs`, a breadcrumb), then its content. */
export function Page(props: { title: string; crumbs?: ComponentChildren; children: ComponentChildren }) {
  useEffect(() => {
    document.title = `${props.title} · Keel console`;
  }, [props.title]);
  return (
    <section aria-labelledby="page-title">
      {props.crumbs}
      <h1 id="page-title">{props.title}</h1>
      {props.children}
    </section>
  );
}

/** A paginated list of the API that starts at `first` and follows its Link header page by page. */
export function usePaged<T>(first: string) {
  const [cursor, setCursor] = useState(first);
  useEffect(() => setCursor(first), [first]);
  const list = useLoad(() => page<T>(cursor), [cursor]);
  const next = list.data?.next;
  return { ...list, more: next ? () => setCursor(next) : undefined };
}

export function NextPage({ more }: { more: (() => void) | undefined }) {
  return more ? (
    <button type="button" onClick={more}>
      Next page
    </button>
  ) : null;
}

/**
 * A confirmation for a destructive action, in a modal <dialog>: `ask(question, action)` opens it and
 * resolves true when the person confirms. Render `dialog` once in the page.
 */
export function useConfirm(): [ComponentChildren, (question: string, action: string) => Promise<boolean>] {
  const ref = useRef<HTMLDialogElement>(null);
  const [state, setState] = useState<{ question: string; action: string; done: (ok: boolean) => void }>();
  useEffect(() => {
    if (state && ref.current && !ref.current.open) ref.current.showModal();
  }, [state]);
  const close = (ok: boolean) => {
    ref.current?.close();
    state?.done(ok);
    setState(undefined);
  };
  const dialog = (
    <dialog ref={ref} class="confirm" aria-labelledby="confirm-title" onCancel={() => close(false)}>
      {state && (
        <form
          method="dialog"
          onSubmit={(e) => {
            e.preventDefault();
            close(true);
          }}
        >
          <h2 id="confirm-title">{state.question}</h2>
          <div class="actions">
            <button type="submit" class="danger">
              {state.action}
            </button>
            <button type="button" class="secondary" onClick={() => close(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
  const ask = (question: string, action: string) =>
    new Promise<boolean>((done) => setState({ question, action, done }));
  return [dialog, ask];
}

/** A polite announcement of what just succeeded ("Schedule deleted."). */
export function useNotice(): [ComponentChildren, (text: string) => void] {
  const [text, setText] = useState('');
  useEffect(() => {
    if (!text) return;
    const t = setTimeout(() => setText(''), 6000);
    return () => clearTimeout(t);
  }, [text]);
  return [
    <p class={text ? 'notice' : 'sr-only'} role="status" aria-live="polite">
      {text}
    </p>,
    setText,
  ];
}

/** A date and time, in `timeZone` when given (then labelled with it), else in the browser's zone. */
export function whenIn(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return '—';
  const text = new Date(iso).toLocaleString(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  });
  return timeZone ? `${text} (${timeZone})` : text;
}

/** A typed list call's pages: starts at the first page and follows the API's next cursor. */
export function useCursor<T>(
  load: (cursor: string | undefined) => Promise<{ items: T[]; next: string | null }>,
  deps: unknown[] = [],
) {
  const [cursor, setCursor] = useState<string>();
  useEffect(() => setCursor(undefined), deps);
  const list = useLoad(() => load(cursor), [...deps, cursor]);
  const next = list.data?.next;
  return {
    ...list,
    more: next ? () => setCursor(next) : undefined,
    first: cursor !== undefined ? () => setCursor(undefined) : undefined,
  };
}
