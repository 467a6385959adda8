// The cloud drive link flow from the browser: ask the server for the consent URL, show it in a popup, and
// hear from the callback page (it posts {type: 'connector_linked' | 'connector_link_failed'} to its opener,
// at this origin only). A blocked popup leaves the URL for a link that continues in the same tab.
import { useEffect } from 'react';
import { api } from '../../api.js';

export type LinkMessage =
  | { type: 'connector_linked'; connector: 'cloud_drive'; id: number }
  | { type: 'connector_link_failed'; connector: 'cloud_drive'; error: string };

export type LinkStarted = { popup: true } | { popup: false; url: string };

/**
 * Opens the popup first (inside the click, so the browser counts it as the user's), then points it at the
 * consent page once the server answers. Throws the server's refusal (connector not set up, 409 conflict).
 */
export async function startDriveLink(force: boolean): Promise<LinkStarted> {
  const popup = window.open('', 'app-drive-link', 'popup,width=520,height=680');
  try {
    const { authorization_url } = await api.connectors.link(force ? { force: true } : {});
    if (!popup || popup.closed) return { popup: false, url: authorization_url };
    popup.location.href = authorization_url;
    return { popup: true };
  } catch (error) {
    popup?.close();
    throw error;
  }
}

/** Calls `onMessage` for the callback page's messages from this origin. */
export function useLinkMessages(onMessage: (message: LinkMessage) => void): void {
  useEffect(() => {
    const listener = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const data = event.data as Partial<LinkMessage> | null;
      if (data?.connector !== 'cloud_drive') return;
      if (data.type === 'connector_linked' || data.type === 'connector_link_failed')
        onMessage(data as LinkMessage);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [onMessage]);
}
