"""
Schemathesis hooks (SCHEMATHESIS_HOOKS=schemathesis_hooks, loaded by scripts/contract-testers/schemathesis.ts).

Limits of Schemathesis 4.9.5 and of a contract shared by every caller, each shown by a reproduction in docs/contracts.md ("Schemathesis"), are worked
around here so that its checks judge the server, not the tool. The served contract is not changed.

1. Bearer tokens with control characters as *valid* data. Its `_bearer_auth` strategy draws header text with
   every character but CR and LF, so a positive case can carry `Authorization: Bearer \x16J`. HTTP forbids
   control characters in a field value (RFC 9110, section 5.5), and Node's parser refuses the request before
   any application code runs (400 "Invalid header value char"). The strategy is replaced by one of the
   characters RFC 9110 allows in a field value: visible ASCII, and space and tab inside.

2. JSON-text query parameters sent as random text. It ignores `contentSchema`, which the contract uses for
   `where`, `select`, `populate` and `joins` (a string whose content is JSON valid against a schema, JSON
   Schema 2020-12), so it sends them as arbitrary strings: "not valid JSON" 400s that say nothing about the
   contract. Rewritten to the OpenAPI form it does read (`content: {application/json: {schema}}`), it
   generates JSON values from the schema, but its coverage phase then takes minutes per operation (every
   operator of every path of a Where, unrolled six and/or levels deep; every field of a select, of each
   collection in a populate): the newsroom fixture ran over 15 minutes and had not left the coverage phase.
   So each such parameter is sent as one of its declared examples or left out (an `enum` of the examples'
   JSON text); a negative case sends any other string, which the server refuses. The where compiler and the
   select and populate parsers have fuzzing of their own (test/reliability/fuzz-queries.test.ts).
3. Multipart bodies of upload collections drawn at random. A file's type is read from its content (magic
   bytes), which no schema can say, and `_payload` is JSON text (a `type: string` property sent as arbitrary
   text, as in 2), so every positive case of a create was refused. A positive case sends its `file` part as a
   real 8 x 6 PNG (the upload pipeline decodes it and makes the sizes) and its `_payload` as one of the
   property's declared examples; negative cases keep what Schemathesis drew.
4. Sort paths whose readability depends on the caller. The `sort` pattern lists every path the where compiler
   sorts by, through relationships too (`author.name`), in one contract for every caller; a caller who may not
   read the related collection (the anonymous one, for `authors`) gets Payload's 400 QueryError naming the path,
   which the check reads as a schema-valid request refused. A positive case of the anonymous run keeps only the
   keys of the collection's own top-level fields (no `.` or `__`); the authenticated run (the admin, who reads
   everything) sends every path, and the sort compiler has fuzzing of its own over readable and unreadable keys
   (test/reliability/fuzz-queries.test.ts).
5. Rich-text values. A rich-text input schema (`x-cms-rich-text`) is Lexical's tree unrolled to the nesting
   limit (16 levels, each an `anyOf` of node kinds with `if`/`then` rules per element type): drawing from it,
   the examples phase had not produced one case after 15 minutes. A rich-text value is sent as the schema's
   declared example (an `enum` of its examples); a negative case sends any other value, which the server
   refuses. The validator has tests of its own against the same schema (test/contracts/rich-text.test.ts
   checks with ajv that the schema accepts exactly the trees the server accepts).
6. Draft saves. A write with `draft=true` to a collection or global with drafts may leave required fields out or
   empty, as Payload's draft saves do; the body schema states the rule of a save without it, because a body
   schema cannot read a query parameter (the `draft` parameter's description says what it relaxes). A negative
   case whose body breaks only that rule would be a schema-violating request the server rightly takes, so a
   negative case is sent without `draft=true`: its body is judged by the rule the schema states. Draft saves
   have tests of their own (test/http/strict-inputs.test.ts).
"""

from __future__ import annotations

import base64
import os

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


def _examples_only(parameter: dict[str, Any]) -> dict[str, Any] | None:
    """A JSON-text parameter as an enum of its examples' text; None for any other parameter."""
    schema = parameter.get("schema")
    if not isinstance(schema, dict) or schema.get("contentMediaType") != "application/json":
        return None
    examples = parameter.get("examples")
    values = [e.get("value") for e in examples.values() if isinstance(e, dict)] if isinstance(examples, dict) else []
    values = [v for v in values if isinstance(v, str)]
    if not values:
        return None
    return {**parameter, "schema": {"type": "string", "enum": values}}


def _rewrite(parameters: Any, shared: dict[str, Any]) -> None:
    if not isinstance(parameters, list):
        return
    for index, parameter in enumerate(parameters):
        if not isinstance(parameter, dict):
            continue
        ref = parameter.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/components/parameters/"):
            name = ref.rsplit("/", 1)[1]
            target = shared.get(name)
            rewritten = _examples_only(target) if isinstance(target, dict) else None
            if rewritten is not None:
                shared[name] = rewritten
            continue
        rewritten = _examples_only(parameter)
        if rewritten is not None:
            parameters[index] = rewritten


# An 8 x 6 PNG: a file the upload pipeline reads (sharp decodes it).
_PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWNwWVWOFTEMpAQAlHNC8a0Or9QAAAAASUVORK5CYII="
)


def _own_keys(sort: str) -> str:
    """The keys of a sort value that name the collection's own top-level fields (see 4)."""
    return ",".join(k for k in sort.split(",") if "." not in k and "__" not in k)


@schemathesis.hook
def before_call(context: Any, case: Any, **kwargs: Any) -> None:
    """A positive case: own sort keys for the anonymous caller (see 4); an upload's real file and `_payload` (3).
    A negative case: sent without `draft=true` (6)."""
    mode = getattr(getattr(getattr(case, "meta", None), "generation", None), "mode", None)
    query = case.query if isinstance(case.query, dict) else None
    if mode is not None and getattr(mode, "value", str(mode)) == "negative":
        if query and str(query.get("draft")).lower() == "true":
            del query["draft"]
        return
    if mode is None or getattr(mode, "value", str(mode)) != "positive":
        return
    if _ANONYMOUS and query and isinstance(query.get("sort"), str):
        query["sort"] = _own_keys(query["sort"])
    if case.media_type != "multipart/form-data" or not isinstance(case.body, dict):
        return
    if "file" in case.body:
        case.body["file"] = _PNG
    examples = _PAYLOADS.get(f"{case.operation.method.upper()} {case.operation.path}")
    if examples:
        case.body["_payload"] = examples[0]


_PAYLOADS: dict[str, list[str]] = {}
# The run's caller (scripts/contract-testers/schemathesis.ts sets it).
_ANONYMOUS = os.environ.get("SCHEMATHESIS_CALLER") == "anonymous"


def _payload_examples(operation: dict[str, Any], key: str) -> None:
    """Records the declared examples of a multipart body's `_payload` (see 3)."""
    media = operation.get("requestBody", {}).get("content", {}).get("multipart/form-data")
    if not isinstance(media, dict):
        return
    prop = media.get("schema", {}).get("properties", {}).get("_payload", {})
    examples = [e for e in prop.get("examples", []) if isinstance(e, str)]
    if examples:
        _PAYLOADS[key] = examples


def _rich_text_examples(schemas: dict[str, Any]) -> None:
    """A rich-text input schema as an enum of its declared examples (see 5)."""
    for name, schema in list(schemas.items()):
        if isinstance(schema, dict) and schema.get("x-cms-rich-text") and schema.get("examples"):
            schemas[name] = {"enum": schema["examples"]}


@schemathesis.hook
def before_load_schema(context: Any, raw_schema: dict[str, Any]) -> None:
    _rich_text_examples(raw_schema.get("components", {}).get("schemas", {}))
    shared = raw_schema.get("components", {}).get("parameters", {})
    for path, item in raw_schema.get("paths", {}).items():
        if not isinstance(item, dict):
            continue
        _rewrite(item.get("parameters"), shared)
        for method, operation in item.items():
            if isinstance(operation, dict):
                _rewrite(operation.get("parameters"), shared)
                _payload_examples(operation, f"{method.upper()} {path}")
