// Copy and Download: text and images to the clipboard, any output to a file.

/** Save `data` (text or bytes) as `name` through a temporary link. */
export function download(name, data, mime) {
  const url = URL.createObjectURL(new Blob([data], { type: mime }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Copy an output: text as text, an image as an image. Resolves with what was copied. */
export async function copy(output) {
  if (typeof output.data === 'string') {
    await navigator.clipboard.writeText(output.data);
    return 'text';
  }
  // The clipboard takes PNG only.
  if (output.mime !== 'image/png') throw new Error('Only PNG images can be copied; download this one instead.');
  await navigator.clipboard.write([new ClipboardItem({ 'image/png': new Blob([output.data], { type: 'image/png' }) })]);
  return 'image';
}
