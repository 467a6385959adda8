// Creating a server draft and opening it in Draft Studio: the home page, New draft, its shortcut and
// "Save as a new draft" (with the text kept) all come here; the new draft opens with the caret in it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api.js';
import { navigate } from '../router.js';
import { requestCaret } from './caret-request.js';

export function useNewDraft(options: { replace?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation({
    /** An empty post, unless content is given. */
    mutationFn: (content?: Parameters<typeof api.drafts.create>[0]) =>
      api.drafts.create(content ?? { content: '' }),
    onSuccess: (draft) => {
      void client.invalidateQueries({ queryKey: ['drafts'] });
      // The editor opens on the answer at once (no second read), so the caret is there sooner.
      client.setQueryData(['draft', draft.id], draft);
      requestCaret(draft.id);
      navigate(`/drafts?id=${draft.id}`, options);
    },
  });
}
