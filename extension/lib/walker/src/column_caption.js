// Semantic mode (issue 31, design note 249): the caption of the column a control stands in, in
// a form laid out as rows of label and control columns ("<div><label>Author</label></div>
// <div>[switch]</div><div><label>Manager of runs</label></div><div>[switch]</div>"; "<label>
// Planned start</label><div>Before [box] After [box]</div>"). A person reads each control by
// the label standing right before its column, not by the row's first words: the switches a
// row repeats, each showing "Yes No", are "Author" and "Manager of runs"; the "Before" box of
// "Planned start" is not the one of "Planned stop".
import { personText } from './person_name.js';
import { collapse, run } from './run.js';

const UP = 3;  // the boxes around a control looked at for its column (person_context.js's four)
// what stands in a column and is no caption: a control, a field, something a script makes act
const CONTROLISH = 'input:not([type=hidden i]), select, textarea, button, a[href], [role], '
  + '[tabindex], [onclick]';

// Whether `k` is a label that names no control of its own: no `for` that finds one, no field
// inside it, words in it.
function freeCaption(k) {
  return k.localName === 'label' && !k.control && !k.querySelector(CONTROLISH);
}

// The caption label `box` is (a free label) or holds alone (a column of nothing but that
// label: "<div class=col><label>Author</label></div>"), else null.
// (Its one label asked first: most boxes before a control hold none, and asking each for a
// control would ask a list's every item again for the link after it: note 249.)
function captionIn(box) {
  if (freeCaption(box)) return box;
  const labels = box.getElementsByTagName('label');
  if (labels.length !== 1 || !freeCaption(labels[0])) return null;
  if (box.querySelector(CONTROLISH)) return null;
  return collapse(box.textContent || '') === collapse(labels[0].textContent || '') ? labels[0] : null;
}

/** The caption of `el`'s column as [its words, the column: `el` or the box around it the
 * caption stands before], or ['', null]: the free label right before `el` or before one of the boxes around it
 * (up to UP), where nothing else stands right before (a column before it holding another
 * control is that control's; a field's own `for` label with no words is passed). Read once a
 * control a walk (run.columnCaptions). */
export function columnCaption(el) {
  let found = run.columnCaptions.get(el);
  if (found) return found;
  found = ['', null];
  for (let child = el, up = 0; child && up <= UP && child.localName !== 'body';
    child = child.parentElement, up++) {
    const before = child.previousElementSibling;
    if (!before) continue;
    const label = captionIn(before);
    if (label) {
      found = [personText(label, false, null), child];
      break;
    }
    // a label of `el` itself with no words (a date box's `<label for>` emptied) is passed
    const own = before.localName === 'label' && before.control === el
      && !/[\p{L}\p{N}]/u.test(before.textContent || '');
    if (!own) break;
  }
  run.columnCaptions.set(el, found);
  return found;
}
