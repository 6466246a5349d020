// Semantic mode, the page tally's sign-in forms: forms (or the page out of any form) holding
// exactly one password field a person fills in, no card's. Over the whole page, so a window
// read knows what its records miss: a header's sign-in box in the first screen beside the
// page's own sign-in form below it asks two passwords, none of them twice (issue 31, note 150).

const CARD = /card|cc-?num|cvv|cvc|csc|expir/i;

/** How many forms hold exactly one password field (`fillable`: one a person can fill). */
export function lonePasswordForms(fillable, limit) {
  const byForm = new Map();
  let n = 0;
  for (const el of document.querySelectorAll('input[type=password]')) {
    if (++n > limit) break;
    if (CARD.test(`${el.name} ${el.id} ${el.getAttribute('autocomplete') || ''}`) || !fillable(el)) continue;
    const form = el.closest('form');
    byForm.set(form, (byForm.get(form) || 0) + 1);
  }
  return [...byForm.values()].filter((count) => count === 1).length;
}
