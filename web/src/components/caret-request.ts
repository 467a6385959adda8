// "Start writing now": whoever creates a draft for the user to write (New draft, its keys, a calendar day's
// +) asks for the caret; the editor of that draft takes the request once, when it opens, and puts the caret
// in its first text field. Opening an existing draft (a link, reload, back) never moves focus.
let requested: number | undefined;

export function requestCaret(draftId: number): void {
  requested = draftId;
}

/** True once for the draft the caret was asked for. */
export function takeCaretRequest(draftId: number): boolean {
  if (requested !== draftId) return false;
  requested = undefined;
  return true;
}
