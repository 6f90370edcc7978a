"""What the schema checks (check_trace_schema.py, check_deck_schema.py) share: their command line,
the validator of a schema file and a document's first error on one line."""
import argparse
import json
import sys

try:
    import jsonschema
except ImportError:
    sys.exit("FAIL: python3-jsonschema is missing (apt-get install python3-jsonschema; tools/dev.sh installs it)")


def parse_args(inputs):
    """--binary, --schema, the folder of shipped files `inputs` ("--decks") and --work."""
    p = argparse.ArgumentParser()
    for name in ("--binary", "--schema", inputs, "--work"):
        p.add_argument(name, required=True)
    return p.parse_args()


def validator_of(schema_path):
    """The Draft 7 validator of the schema in `schema_path`, after checking the schema itself."""
    with open(schema_path) as f:
        schema = json.load(f)
    jsonschema.Draft7Validator.check_schema(schema)
    return jsonschema.Draft7Validator(schema)


def first_error(validator, document):
    """The document's first error in path order, as "PATH: MESSAGE"; None when it is valid."""
    errors = sorted(validator.iter_errors(document), key=lambda e: list(e.path))
    if not errors:
        return None
    e = errors[0]
    return f"{'/'.join(map(str, e.path))}: {e.message[:200]}"
