/** Hands `text` to the browser as a CSV file download. */
export function downloadCsv(text: string, fileName: string) {
  // The byte-order mark makes spreadsheets read the file as UTF-8 (accents in descriptions); one already there stays.
  const body = text.startsWith('\ufeff') ? [text] : ['\ufeff', text];
  const url = URL.createObjectURL(new Blob(body, { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
