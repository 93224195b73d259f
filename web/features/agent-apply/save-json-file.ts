/** Hands `data` to the browser as a JSON file download named `fileName`. */
export function saveJsonFile(fileName: string, data: unknown) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has handed the file over; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The bundle file is named with a timestamp (2026-11-18T09-30-00Z: no colons, which some systems refuse). */
export const bundleFileName = (generatedAt: string) =>
  `agentcart-application-bundle-${generatedAt.replace(/\.\d+Z$/, 'Z').replaceAll(':', '-')}.json`;
