"""Page understanding: page type, intents, regions, semantic element ids, ranked content.

Built on the DOM channel's capture (the in-page walker in semantic mode), one module per
step: ``facts`` (walker records → nodes), ``hidden`` (text a person cannot see that reads
like an instruction to a model), ``regions``, ``ids`` and ``elements`` (the element index
with semantic ids), ``content`` (attention-ranked text), ``frames``, ``classify`` (page
type from weighted signals), ``intents`` (what can be done here, and the summary),
``build`` (the whole result, and resolving a semantic id back to a node).
"""
