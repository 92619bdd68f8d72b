"""`kemble sweep`: balance sweeps on Dask (spec, tasks, scheduling, tables, plots)."""
