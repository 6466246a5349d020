// The role tables of ax_role.js: ARIA 1.2 roles (plus DPUB and graphics), the spellings
// Chromium's AX tree uses where it differs from ARIA, and HTML-AAM's tag → role as Chromium
// maps it (tags whose role depends on attributes or context are in ax_role.js).

export const ARIA_ROLES = new Set(`alert alertdialog application article banner blockquote
  button caption cell checkbox code columnheader combobox comment complementary contentinfo
  definition deletion dialog directory document emphasis feed figure form generic grid
  gridcell group heading img image insertion link list listbox listitem log main mark marquee
  math menu menubar menuitem menuitemcheckbox menuitemradio meter navigation none note option
  paragraph presentation progressbar radio radiogroup region row rowgroup rowheader scrollbar
  search searchbox sectionfooter sectionheader separator slider spinbutton status strong
  subscript suggestion superscript switch tab table tablist tabpanel term textbox time timer
  toolbar tooltip tree treegrid treeitem
  doc-abstract doc-acknowledgments doc-afterword doc-appendix doc-backlink doc-biblioentry
  doc-bibliography doc-biblioref doc-chapter doc-colophon doc-conclusion doc-cover doc-credit
  doc-credits doc-dedication doc-endnote doc-endnotes doc-epigraph doc-epilogue doc-errata
  doc-example doc-footnote doc-foreword doc-glossary doc-glossref doc-index doc-introduction
  doc-noteref doc-notice doc-pagebreak doc-pagefooter doc-pageheader doc-pagelist doc-part
  doc-preface doc-prologue doc-pullquote doc-qna doc-subtitle doc-tip doc-toc
  graphics-document graphics-object graphics-symbol`.split(/\s+/));

// ARIA role → the name Chromium's tree reports for it.
export const ARIA_TO_CHROMIUM = {
  img: 'image',
  directory: 'list',
  'graphics-symbol': 'image',
  'doc-biblioentry': 'listitem',
  'doc-endnote': 'listitem',
};

// Global ARIA attributes: on an element with role none/presentation they keep its own role.
export const GLOBAL_ARIA = ['aria-atomic', 'aria-busy', 'aria-controls', 'aria-current',
  'aria-describedby', 'aria-description', 'aria-details', 'aria-dropeffect', 'aria-flowto',
  'aria-grabbed', 'aria-keyshortcuts', 'aria-label', 'aria-labelledby', 'aria-live',
  'aria-owns', 'aria-relevant', 'aria-roledescription'];

// Tag → Chromium role, for tags whose role is fixed.
export const TAG_ROLES = {
  abbr: 'Abbr',
  address: 'group',
  article: 'article',
  audio: 'Audio',
  blockquote: 'blockquote',
  br: 'LineBreak',
  button: 'button',
  canvas: 'Canvas',
  caption: 'caption',
  'code': 'code',  // quoted: contract.test.mjs reads `code: '...'` as an error code
  datalist: 'listbox',
  dd: 'definition',
  del: 'deletion',
  details: 'group',
  dfn: 'term',
  dialog: 'dialog',
  dl: 'DescriptionList',
  dt: 'term',
  em: 'emphasis',
  embed: 'EmbeddedObject',
  fieldset: 'group',
  figcaption: 'Figcaption',
  figure: 'figure',
  h1: 'heading',
  h2: 'heading',
  h3: 'heading',
  h4: 'heading',
  h5: 'heading',
  h6: 'heading',
  hgroup: 'group',
  hr: 'separator',
  iframe: 'Iframe',
  ins: 'insertion',
  label: 'LabelText',
  legend: 'Legend',
  li: 'listitem',
  main: 'main',
  mark: 'mark',
  math: 'math',
  menu: 'list',
  meter: 'meter',
  nav: 'navigation',
  object: 'PluginObject',
  ol: 'list',
  optgroup: 'group',
  option: 'option',
  output: 'status',
  progress: 'progressbar',
  ruby: 'Ruby',
  search: 'search',
  strong: 'strong',
  sub: 'subscript',
  summary: 'DisclosureTriangle',
  sup: 'superscript',
  tbody: 'none',  // Chromium leaves the body row group out
  textarea: 'textbox',
  tfoot: 'rowgroup',
  thead: 'rowgroup',
  time: 'time',
  ul: 'list',
  video: 'Video',
};
