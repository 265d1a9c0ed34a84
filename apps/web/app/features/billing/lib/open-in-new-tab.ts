/**
 * Opens the URL an API call returns in a new tab. The tab is opened during the click (popup
 * blockers allow that), then sent to the URL; on failure it is closed and the error rethrown.
 */
export async function openInNewTab(getUrl: () => Promise<{ url: string }>): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { url } = await getUrl();
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      window.location.assign(url);
    }
  } catch (error) {
    tab?.close();
    throw error;
  }
}
