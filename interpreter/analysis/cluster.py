"""Games on a Dask distributed cluster: the same work items as the worker processes
(play_chunk: a run's spec and a few tasks), sent with Client.map. Each Dask worker loads
the game once from its path (the path must be readable there) and keeps it.

    dask scheduler                         # prints the address, tcp://HOST:8786
    dask worker tcp://HOST:8786            # on every machine, as many as wanted
    rulebook simulate GAME -n 10000 --scheduler tcp://HOST:8786

`--scheduler local` starts a LocalCluster on this machine for the run (one single-threaded
worker process per core, or --jobs).
"""
from __future__ import annotations

from .runner import default_jobs, play_chunk


def run_on_dask(address: str, spec, chunks: list, progress=None, workers=None) -> list:
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise ImportError("--scheduler needs Dask") from None
    cluster = None
    if address == "local":
        cluster = LocalCluster(n_workers=workers or default_jobs(), threads_per_worker=1, processes=True,
                               dashboard_address=None)
        client = Client(cluster)
    else:
        client = Client(address, timeout=30)
    try:
        futures = client.map(play_chunk, [spec] * len(chunks), chunks, pure=False)
        records = []
        for f in as_completed(futures):
            done = f.result()
            records.extend(done)
            if progress is not None:
                progress(len(done))
        return records
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
