/**
 * Saves `body` as a JSON file through the browser's download. The file is built from the API's
 * answer (fetched with the session like every owner call) rather than a plain link, so a failure
 * shows as a message here instead of a broken download.
 */
export function saveJson(fileName: string, body: unknown) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(body, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
