/** What a webhook's event key expression may read (the webhook CEL environment). */
export const EXPRESSION_HINT = (
  <>
    CEL over <code className="font-mono">input</code> (the request&apos;s body) and{' '}
    <code className="font-mono">headers</code> (lower-case names); it must give a string, the key of
    the event.
  </>
);
