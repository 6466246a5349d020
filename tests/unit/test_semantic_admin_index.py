"""An admin's index of its records' kinds (design note 343): Add links beside a recent actions
panel; the same Add links in a changelist's or a change form's side menu are no index."""

from __future__ import annotations

from dataclasses import replace

from axsnap_host.semantic.admin_index import SIGNAL, admin_index
from axsnap_host.semantic.classify import classify
from axsnap_host.semantic.page_features import Features

KINDS = "\n".join(f" {kind} \n add \n change " for kind in ("groups", "users", "boats", "oars"))
INDEX = Features(links=18, list_items=9, linked_items=9, page_screens=1.0,
                 title="site administration - harrowgate rc",
                 text=f"site administration \n{KINDS}\n recent actions \n my actions \n "
                      "kestrel coxless four \n boat \n heron double \n boat")


def test_add_links_beside_recent_actions_are_an_admins_index() -> None:
    assert admin_index(INDEX)
    kind, _, signals = classify(INDEX)
    assert kind == "dashboard", signals[:5]
    assert SIGNAL in {s["signal"] for s in signals}


def test_the_side_menus_add_links_beside_records_or_fields_are_no_index() -> None:
    assert not admin_index(replace(INDEX, row_checkboxes=6))  # a changelist's records
    assert not admin_index(replace(INDEX, text_inputs=3))  # a change form's fields
    no_recent = replace(INDEX, text=INDEX.text.replace("recent actions", "boathouse")
                        .replace("my actions", "oars"))
    assert not admin_index(no_recent)
    three = replace(INDEX, text=INDEX.text.replace(" oars \n add ", " oars \n "))
    assert not admin_index(three)
