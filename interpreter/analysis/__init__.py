"""The designer's balance loop: running many bot games (on cores or a cluster), the
statistics a designer reads, comparisons, sweeps, reports and a rules sheet."""
