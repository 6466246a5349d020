"""The act baseline's inbox test page (tests/pages/act/baseline/inbox.html) and the change the
act tests make to it between a read and an act: a row inserted above every other."""

from __future__ import annotations

PAGE = "act/baseline/inbox.html"

INSERT_ROW_ABOVE = """
  const row = document.createElement('div');
  row.className = 'row';
  row.setAttribute('role', 'listitem');
  row.innerHTML = '<input type="checkbox" aria-label="Select Inserted mail"><span>Inserted</span>';
  document.getElementById('list').prepend(row);
"""
