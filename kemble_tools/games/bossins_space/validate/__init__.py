"""Bossin' Space's validation: its kinds and their schemas (schemas.py, scenario_schema.py),
its catalogue and its checks across files (checks.py, scenario_checks.py), as the validate
stage's hooks (validation.py)."""
