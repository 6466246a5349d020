"""What a search shows: a line counting its results, the query its box holds, a title naming
its results (issue 31; split out of classify.py, note 160).

A page a person searched on says so: it counts what the box found ("123 results for ..."),
its box holds the words searched for, or its title names the results. These signals score
``search_results``; the three they return also keep those results from counting as a list's
items (classify.py's ``itemized``) or a story's prose.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from axsnap_host.semantic.keywords import SEARCH_TITLE, TITLE_SKIP, title_hits
from axsnap_host.semantic.own_matter import names_matches

if TYPE_CHECKING:
    from axsnap_host.semantic.page_features import Features


# A line that starts with how many things were found ("4 results (15 total)", "2 rows where
# search matches ...", "12 matches"): beside a box holding the words searched for, it counts
# what that search found, whatever the rows look like (a table of records, an admin's list).
_FOUND_LINE = re.compile(r"(?:^|\n)\s*(?:about\s+)?\d[\d,.]*\s+(?:results?|rows?|matches|"
                         r"records?|items?|entries|hits)(?![\w])")

# A line saying what the page's search found ("Your search has returned 2 results", "The query
# found 12 matches"): the words searched for may be gone from the box, the line still says the
# rows under it are that search's results. A count alone ("52 results found") may count a
# shop's catalogue; this line names the search.
_RETURNED_LINE = re.compile(r"(?:^|\n)[^\n]{0,40}?(?<!\w)(?:search|query)(?!\w)[^\n]{0,20}?"
                            r"(?<!\w)(?:returned|found|produced|gave)\s+(?:about\s+)?\d[\d,.]*\s+"
                            r"(?:results?|matches|hits|pages?(?:\(s\))?|documents?)(?!\w)")

# A line saying what was searched for ("Searching for: finch", "You searched for plums", "Search
# results for rent"): the rows under it are that search's results, the words searched for shown
# whether the box still holds them or not. "Search for" alone asks (a box's caption); "searching
# for" or "searched for" names a search made only with its words set off (a colon, a quote), as
# does what a line counts "for search" ("Entries for search "hive"", note 332).
_SEARCHED_LINE = re.compile(r"(?:^|\n)\s*(?:you\s+searched\s+for|search\s+results\s+for|"
                            r"(?:searching|searched)\s+for\s*(?::|[\"“'«])|"
                            r"(?:\w+\s+){1,2}for\s+(?:the\s+)?search(?:\s+(?:term|query))?"
                            r"\s*(?::|[\"“'«]))\s*[^\s:]", re.I)


def one_sign_in_box(f: Features) -> bool:
    """The page's one password is a sign-in box's (no sign-up, no confirmation): the site's
    own box in its header or sidebar, beside whatever the page shows."""
    return (f.passwords == 1 and f.login_forms == 1 and f.signup_forms == 0 and not f.confirm)


def counts_found(f: Features) -> bool:
    """A box holding a query and a line of the page counting what was found: that search's
    results (its rows are no list's items)."""
    return f.queries >= 1 and bool(_FOUND_LINE.search(f.text))


def found_rows(f: Features) -> bool:
    """A box holding a query over a table naming four columns or more: the table's rows are
    what that search found (a repository searched for a word, an admin's list searched for an
    author), no list's items (design note 265)."""
    return f.queries >= 1 and f.column_heads >= 4


def search_returned(f: Features) -> bool:
    """A line of the page says its search returned what is shown (note 232)."""
    return bool(_RETURNED_LINE.search(f.text))


def search_named(f: Features) -> bool:
    """A line of the page says the words its search was made for (note 317)."""
    return bool(_SEARCHED_LINE.search(f.text))


# A search engine's home shows its box and a few links and buttons, fewer than this.
CROWDED_CONTROLS = 40


def heads_no_search(f: Features) -> bool:
    """The page stands under its own heading or over a table (a docs generator's "Data
    Structures", "Package org.example..."): no search engine's home, whose box stands alone
    under the engine's name, its title's words (note 335); a heading naming a search is a
    search's own page. Nor does a search home hold forty controls: a box over a grid of
    clickable cells (H2O Wave's table, its rows no table rows) is the grid's (note 339)."""
    heading = f.own_heading.strip()
    crowded = f.buttons + f.links >= CROWDED_CONTROLS
    return bool(f.tables) or crowded or bool(heading and heading != f.title.strip()
                                             and not SEARCH_TITLE.search(heading))


def search_said(f: Features) -> bool:
    """The page says it shows a search's results: a line counts them for a query, or its title
    names them ("Search results for ...")."""
    return (f.results_for >= 1 or bool(SEARCH_TITLE.search(f.title))
            or bool(title_hits("search_results", f.title)))


def no_search_shown(f: Features, url_says_search: bool) -> bool:
    """Nothing on the page says a search was made (issue 31, note 188): its box holds no
    query, no line counts results, no title names them and the address asks none. The site's
    empty search box over a front page of posts, a shop's products or a list of news: those
    headings are the page's own items, no search's results."""
    return (f.search_inputs >= 1 and f.queries == 0 and f.results_under_search == 0
            and not url_says_search and not search_said(f))


def fire_search_results(fire: Callable[[str, str, float, bool], None], f: Features,
                        inputs: int, teasers: float) -> tuple[bool, bool, bool]:
    """Fire the search-results signals; (results counted, a query over alike rows of links,
    a search box under a title naming results). ``inputs``: the page's text fields but a
    newsletter box's; ``teasers``: 0.5 beside one long text (its teasers are no results)."""
    fire("search_results", "form:a search box over results", 0.35 * teasers,
         f.search_inputs >= 1 and f.result_blocks >= 4)
    # A line counting a search's results for a query ("123 Results For ...", "3,145 results find
    # for ...") beside a box to search: the page shows what was searched for, its box empty or
    # not; its items, rows and cards are the results, no list.
    counted = (f.results_for >= 1 and inputs + f.search_inputs + f.search_named >= 1
               and (not f.passwords or one_sign_in_box(f)) and f.long_blocks < 3)
    fire("search_results", "form:a line counting results for a query", 0.45,
         counted and f.queries == 0)
    # A line counting results ("1, 254 results found.") after a search box in the page's own
    # content, no top bar's, on a page its title calls a search ("Course Search"): what that
    # box found. A shop's "52 Results Found" under only its site search, or under a box beside
    # its sorting on a page titled as the shop, counts its catalogue, a list.
    found = (f.results_under_search >= 1 and bool(SEARCH_TITLE.search(f.title))
             and not f.passwords and f.long_blocks < 3)
    fire("search_results", "form:a line counting results under the page's own search box, "
         "a search by its title", 0.45, found and not counted and f.queries == 0)
    # A box holding a query beside a line counting what was found ("4 results (15 total)",
    # "2 rows where search matches ..."): that search's results, though drawn as a table of
    # records under filters (an admin's change list, a data browser's table).
    tallied = counts_found(f) and not f.passwords and f.long_blocks < 3
    fire("search_results", "form:a search box holding a query beside a line counting what it "
         "found", 0.3, tallied and not counted and not found)
    # A search box under the page's own heading naming what matches a quoted query ("Products
    # matching "coffee""): its cards and rows are what that search found, no catalogue.
    matched = (names_matches(f) and f.search_inputs + f.search_named >= 1 and not f.passwords
               and f.long_blocks < 3)
    fire("search_results", "form:a search box under a heading naming what matches a quoted "
         "query", 0.45, matched and not (counted or found or tallied))
    # A line saying the search returned so many results ("Your search has returned 2 results")
    # beside a search box: that search's results, however few and however drawn (a forum's
    # topics found, a title and a byline each), the box emptied or not; it outweighs the empty
    # box's "a search box and little else" (a search home says no results) (note 232).
    # (a line about the search, beside a box to search, on a page of no password or long text)
    lined = f.search_inputs + f.search_named + inputs >= 1 and not f.passwords \
        and f.long_blocks < 3
    # (a box still holding the words searched for: the passages under such a line are its hits'
    # excerpts, however long, a docs search's three pages each with its passage, note 344)
    returned = search_returned(f) and (lined or (f.queries >= 1 and not f.passwords))
    fire("search_results", "form:a line saying the search returned so many results", 0.5,
         returned and not (counted or found or tallied or matched))
    # A search opened over the page, its box holding the words searched for (a docs theme's
    # search over a guide, its passages under the box): what it lists are that search's
    # results, however long their passages; the page behind waits (design note 276).
    fire("search_results", "form:a search open in front of the page, holding a query", 0.6,
         f.search_in_front)
    # A line saying the words searched for ("Searching for: finch") beside a search box: the
    # rows under it are that search's results, however drawn (an admin's tables of records
    # searched across, note 317).
    named = search_named(f) and lined
    fire("search_results", "form:a line saying what was searched for", 0.45,
         named and not (counted or found or tallied or matched or returned))
    counted = counted or found or tallied or matched or returned or named or f.search_in_front
    # (a plain-HTML results page: its result titles are links in alike rows, no headings)
    rows_of_results = f.queries >= 1 and f.div_rows >= 8 and f.result_blocks < 4
    fire("search_results", "form:a search box holding a query over alike rows of links", 0.5,
         rows_of_results)
    fire("search_results", "form:a search box holding a query over results", 0.3,
         f.queries >= 1 and f.result_blocks >= 4)
    # Items each a linked title over a paragraph of its own (the walker's described_items) on a
    # page its title says is a search, or under a box holding the words searched for: the hits
    # and their excerpts, no list of posts (a search app's bare results page, no box on it).
    fire("search_results", "form:items each a linked title over its excerpt, on a search's page",
         0.45, f.described_items >= 5 and (search_said(f) or f.queries >= 1)
         and not f.passwords and f.long_blocks < 3)
    # (a query with a result or two: few results are results still)
    fire("search_results", "form:a search box holding a query over a linked result heading",
         0.45, f.queries >= 1 and 1 <= f.result_blocks < 4 and inputs + f.textareas <= 1
         and f.long_blocks < 3)
    # A search box holding a query, few other fields and no long text: the page shows what was
    # searched for (a search home's box is empty), however its results are drawn.
    fire("search_results", "form:a search box holding a query, few other fields", 0.45,
         f.queries >= 1 and inputs + f.textareas <= 2 and not f.passwords and f.long_blocks < 3)
    # A search box under a title naming a search's results ("Search results for ..."), no query
    # held: the items and paragraphs below it are the results' snippets.
    searched = (f.search_inputs + f.search_named >= 1 and not f.passwords and any(
        w not in TITLE_SKIP for w in title_hits("search_results", f.title)))
    fire("search_results", "form:a search box under a title naming a search's results", 0.45,
         searched and f.queries == 0)
    # (the passages under a line saying what a search held in the box found are its hits')
    return counted, rows_of_results, searched or (returned and f.queries >= 1)
