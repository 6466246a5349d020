// The walker's vocabulary: which tags, roles and attributes mean what.

export const SKIP = new Set(['script', 'style', 'noscript', 'meta', 'link', 'head', 'template',
  'title', 'base']);
// Elements allowed to host an author shadow root (custom elements too): never walk a
// user-agent shadow root (<input>, <video>, ...).
export const SHADOW_HOSTS = new Set(['article', 'aside', 'blockquote', 'body', 'div', 'footer',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'main', 'nav', 'p', 'section', 'span']);
export const FORM = new Set(['button', 'select', 'textarea', 'input', 'option', 'summary']);
export const ROLES = new Set(['button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'menuitem',
  'menuitemcheckbox', 'menuitemradio', 'option', 'combobox', 'textbox', 'searchbox',
  'slider', 'spinbutton', 'treeitem', 'gridcell', 'listbox', 'scrollbar']);
export const ACTION_ATTRS = ['data-action', 'ng-click', 'v-on:click', '@click', 'x-on:click',
  'data-onclick', 'jsaction', 'hx-get', 'hx-post', 'wire:click'];
export const ATTRS = ['id', 'name', 'type', 'role', 'aria-label', 'placeholder', 'title', 'alt',
  'href', 'tabindex', 'contenteditable', 'aria-expanded', 'aria-checked', 'aria-selected',
  'aria-pressed', 'aria-disabled', 'aria-haspopup', 'disabled', 'checked', 'readonly',
  'autocomplete', 'inputmode', 'for', 'data-testid', 'aria-labelledby'];  // never `value`: see `val`
export const SEM_ATTRS = [...ATTRS, 'aria-describedby', 'aria-controls', 'aria-required',
  'aria-invalid', 'required', 'aria-modal', 'src', 'width', 'height', 'class', 'action', 'method',
  'maxlength', 'pattern', 'min', 'max', 'open', 'aria-current', 'rel', 'lang',
  // (a grid's cell and its column's header: what parts a row's twins the walker never
  // parted, semantic/read_twins.py, note 281)
  'aria-colindex'];
export const SCROLLING = new Set(['auto', 'scroll', 'overlay']);
// An ancestor emitted as skeleton with at most this many children carries its text.
export const SKELETON_CHILDREN = 4;
export const FIELDS = new Set(['input', 'select', 'textarea']);
export const NAMED_BY_ATTR = ['aria-label', 'aria-labelledby', 'title', 'alt', 'placeholder'];
export const LABEL_SKIP = new Set(['select', 'textarea', 'datalist', 'script', 'style']);
export const LANDMARKS = new Set(['header', 'nav', 'main', 'aside', 'footer', 'form', 'dialog',
  'section', 'article', 'table', 'tr', 'ul', 'ol', 'fieldset', 'img', 'video', 'iframe', 'frame']);
export const BLOCKS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'li', 'blockquote', 'td',
  'th', 'pre', 'figcaption', 'dd', 'dt', 'caption', 'legend', 'summary']);
export const TEXT_SKIP = new Set(['style', 'script', 'noscript', 'template', 'title']);
export const INLINE = new Set(['inline', 'contents']);
// Elements that run inline in a line of text (a body written in <br> runs: semantic.js).
export const INLINE_TAGS = new Set(['a', 'em', 'strong', 'b', 'i', 'u', 'span', 'font', 'small',
  'sup', 'sub', 'code', 'abbr', 'cite', 'q', 'mark', 'time', 'tt', 'var', 'kbd', 's', 'del',
  'ins']);
export const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
export const CONTROL_TAGS = new Set(['input', 'select', 'textarea', 'button', 'a']);
// A box one types or picks in: its words come before it (a label to its left or above it);
// what follows it is help or a count ("2000 characters remaining", "We'll never share your
// email"), not what a person calls it (person_context.js, note 181).
export const TYPED_FIELD = 'textarea, select, input:not([type=checkbox i]):not([type=radio i])'
  + ':not([type=button i]):not([type=submit i]):not([type=reset i]):not([type=image i])'
  + ':not([type=hidden i]):not([type=range i]):not([type=color i]):not([type=file i])';

// An <svg> that draws HTML in a foreignObject (a slide's or a diagram's labels, buttons):
// text a person reads and controls a person uses, walked into and kept in the AX rows as
// Chromium's SvgRoot; any other svg is a picture, said by its name (note 346).
export const drawsHtml = (svg) => svg.getElementsByTagName('foreignObject').length > 0;
