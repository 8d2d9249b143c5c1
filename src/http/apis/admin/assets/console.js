// The console's behaviour beyond plain forms: the copy button of a new key. Everything works
// without it (the key can be selected and copied by hand).
document.addEventListener('click', async (event) => {
  const button = event.target instanceof Element ? event.target.closest('button[data-copy]') : null;
  if (!button) return;
  const field = document.getElementById(button.getAttribute('data-copy'));
  const status = document.querySelector('.copy-status');
  field.select();
  try {
    await navigator.clipboard.writeText(field.value);
  } catch {
    // Without the Clipboard API (or its permission) the selected text is copied the old way.
    document.execCommand('copy');
  }
  if (status) status.textContent = button.getAttribute('data-copied');
});
