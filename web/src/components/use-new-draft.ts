// Creating a server draft and opening it in Draft Studio: the home page, New draft, its shortcut and
// "Save as a new draft" (with the text kept) all come here.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api.js';
import { navigate } from '../router.js';

export function useNewDraft(options: { replace?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation({
    /** An empty post, unless content is given. */
    mutationFn: (content?: Parameters<typeof api.drafts.create>[0]) =>
      api.drafts.create(content ?? { content: '' }),
    onSuccess: (draft) => {
      void client.invalidateQueries({ queryKey: ['drafts'] });
      navigate(`/drafts?id=${draft.id}`, options);
    },
  });
}
