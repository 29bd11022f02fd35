"""
Schemathesis hooks (SCHEMATHESIS_HOOKS=schemathesis_hooks, loaded by scripts/contract-testers/schemathesis.ts).

Two limits of Schemathesis 4.9.5, each shown by a reproduction in docs/contracts.md ("Schemathesis"), are worked
around here so that its checks judge the server, not the tool. The served contract is not changed.

1. Bearer tokens with control characters as *valid* data. Its `_bearer_auth` strategy draws header text with
   every character but CR and LF, so a positive case can carry `Authorization: Bearer \x16J`. HTTP forbids
   control characters in a field value (RFC 9110, section 5.5), and Node's parser refuses the request before
   any application code runs (400 "Invalid header value char"). The strategy is replaced by one of the
   characters RFC 9110 allows in a field value: visible ASCII, space and tab inside. Negative cases keep their
   own mutations (types, missing headers).

2. JSON-text query parameters sent as random text. It ignores `contentSchema`, which the contract uses for
   `where`, `select`, `populate` and `joins` (a string whose content is JSON valid against a schema, JSON
   Schema 2020-12), so it sends them as arbitrary strings: "not valid JSON" 400s that say nothing about the
   contract. Before the schema is loaded each such parameter is rewritten to the OpenAPI form Schemathesis does
   understand, `content: {application/json: {schema}}` with the same schema and examples, so it generates JSON
   values from the very schema the contract declares and serialises them as JSON.
"""

from __future__ import annotations

import copy
import string
from typing import Any

import schemathesis
from hypothesis import strategies as st

# RFC 9110 5.5: field-value = *field-content; VCHAR, SP and HTAB (obs-text left out: Node reads it as latin1).
_FIELD_CHARS = string.ascii_letters + string.digits + string.punctuation + " \t"
_token = st.text(alphabet=st.sampled_from(_FIELD_CHARS)).map(lambda s: s.strip(" \t"))
_bearer = _token.map("Bearer {}".format)

schemathesis.openapi.format("_bearer_auth", _bearer)
# The coverage phase reads a table built when its module was imported: the same strategy goes there too.
from schemathesis.generation import coverage as _coverage  # noqa: E402

_coverage.FORMAT_STRATEGIES["_bearer_auth"] = _bearer


def _inline(node: Any, schemas: dict[str, Any], seen: tuple[str, ...] = ()) -> Any:
    """The schema with its component references replaced by copies (the contract's are finite: no cycles)."""
    if isinstance(node, list):
        return [_inline(item, schemas, seen) for item in node]
    if not isinstance(node, dict):
        return node
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/components/schemas/"):
        name = ref.rsplit("/", 1)[1]
        if name in seen:
            raise ValueError(f"{name} refers to itself")
        rest = {k: v for k, v in node.items() if k != "$ref"}
        target = _inline(schemas[name], schemas, (*seen, name))
        return {**target, **rest} if rest else target
    return {k: _inline(v, schemas, seen) for k, v in node.items()}


def _json_text(parameter: dict[str, Any], schemas: dict[str, Any]) -> dict[str, Any] | None:
    schema = parameter.get("schema")
    if not isinstance(schema, dict) or schema.get("contentMediaType") != "application/json":
        return None
    if "contentSchema" not in schema:
        return None
    # Inlined: the examples phase resolves a parameter's content schema without the document around it.
    media: dict[str, Any] = {"schema": _inline(copy.deepcopy(schema["contentSchema"]), schemas)}
    # Examples of the parameter are JSON text: their values become the media type's examples, parsed.
    examples = parameter.get("examples")
    if isinstance(examples, dict):
        import json

        parsed = {}
        for name, example in examples.items():
            value = example.get("value") if isinstance(example, dict) else None
            if isinstance(value, str):
                try:
                    parsed[name] = {**example, "value": json.loads(value)}
                except ValueError:
                    continue
        if parsed:
            media["examples"] = parsed
    rewritten = {k: v for k, v in parameter.items() if k not in ("schema", "examples", "example", "style", "explode")}
    rewritten["content"] = {"application/json": media}
    return rewritten


def _rewrite(parameters: Any, shared: dict[str, Any], schemas: dict[str, Any]) -> None:
    if not isinstance(parameters, list):
        return
    for index, parameter in enumerate(parameters):
        if not isinstance(parameter, dict):
            continue
        ref = parameter.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/components/parameters/"):
            name = ref.rsplit("/", 1)[1]
            target = shared.get(name)
            if isinstance(target, dict):
                rewritten = _json_text(target, schemas)
                if rewritten is not None:
                    shared[name] = rewritten
            continue
        rewritten = _json_text(parameter, schemas)
        if rewritten is not None:
            parameters[index] = rewritten


@schemathesis.hook
def before_load_schema(context: Any, raw_schema: dict[str, Any]) -> None:
    shared = raw_schema.get("components", {}).get("parameters", {})
    schemas = raw_schema.get("components", {}).get("schemas", {})
    for item in raw_schema.get("paths", {}).values():
        if not isinstance(item, dict):
            continue
        _rewrite(item.get("parameters"), shared, schemas)
        for operation in item.values():
            if isinstance(operation, dict):
                _rewrite(operation.get("parameters"), shared, schemas)
