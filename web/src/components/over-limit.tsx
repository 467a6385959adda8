// The client message for a post whose weighted length is over 280 (spec Errors rule 5), beside its counter.
export function OverLimit({ length, what }: { length: number; what: string }) {
  if (length <= 280) return null;
  const over = length - 280;
  return (
    <p role="alert" aria-live="polite" className="error">
      {what} is {over} character{over === 1 ? '' : 's'} over the 280 limit.
    </p>
  );
}
