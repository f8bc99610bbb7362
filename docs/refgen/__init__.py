"""The reference pages' makers, one module per page (docs/gen_reference.py runs them)."""
