#!/usr/bin/env bash
# The tune and metrics figures of docs/guides/tuning.md: one tune run per game on a question a
# designer would ask, and the metrics table of the five games. Run from the checkout's root:
#   nice -n 19 bash benchmarks/tune_runs/run.sh
set -u
out=benchmarks/tune_runs
run() {  # name, then the command: its JSON to $out/name.json, its time and stderr to name.log
    name=$1; shift
    /usr/bin/time -v "$@" > "$out/$name.json" 2> "$out/$name.log"
}
run metrics-metras rulebook simulate metras --players 3 -n 100 --bots greedy --metrics --json --no-cards --jobs 1
run metrics-etheria rulebook simulate etheria --players 3 -n 100 --bots greedy --metrics --json --no-cards --jobs 1
run metrics-meta rulebook simulate meta --players 2 -n 100 --bots greedy --metrics --json --no-cards --jobs 1
run metrics-metropolis rulebook simulate metropolis --players 5 -n 40 --bots greedy --metrics --json --no-cards --jobs 1
run metrics-metscri rulebook simulate metscri --players 2 -n 20 --bots greedy --metrics --json --no-cards --jobs 1
run tune-metras rulebook tune metras --players 3 --bots greedy -n 60 --trials 12 --jobs 1 --param counters.player.IP.start=6..14 --param option.overbid_penalty=true,false --objective first_seat --objective balance --json --seed 1
run tune-etheria rulebook tune etheria --players 3 --bots greedy -n 60 --trials 10 --jobs 1 --param constants.start_hand=4..8 --objective balance --json --seed 1
run tune-meta rulebook tune meta --players 2 --bots greedy -n 60 --trials 10 --jobs 1 --param counters.player.health.start=10..20 --objective first_seat --objective length=8..14 --json --seed 1
run tune-metropolis rulebook tune metropolis --players 5 --bots random -n 30 --trials 8 --jobs 1 --param counters.player.coins.start=15..25 --objective balance --json --seed 1
run tune-metscri rulebook tune metscri --players 2 --bots greedy -n 10 --trials 6 --jobs 1 --param constants.die=4..8 --objective first_seat --objective length=30..60 --json --seed 1
