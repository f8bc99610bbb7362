"""rulebook tune: a search over a game's values for the ones that best meet the designer's
objectives, with Optuna (imported only here, the `tune` extra).

Each trial plays the same seeds (common random numbers: game i of every trial has the same
seed and bots), first a few games, where a trial that even its best case cannot save is
stopped (pruned), then the rest. Several objectives give a Pareto front; its points are
confirmed on fresh seeds, and one is recommended. A study kept in a journal file (--study)
resumes where it stopped, and several processes can work on one study at once."""
from __future__ import annotations

import os
import time
from dataclasses import dataclass, field

from ..errors import RulebookError
from .overrides import load_with_overrides
from .runner import RunInterrupted, RunSpec, tasks_for
from .stats import summarise
from .tune_space import TuneError

STUDY_NAME = "rulebook-tune"
CONFIRM_SEED_OFFSET = 1          # the confirmation's run seed: the study's + 1 (fresh games)


@dataclass
class TuneSpec:
    path: str
    game_id: str
    game_hash: str
    players: int
    variant: str | None
    options: dict
    fixed_sets: tuple
    kinds: list
    params: tuple            # Param
    objectives: tuple        # Objective
    games: int = 100
    seed: int = 0
    trials: int = 20
    rotate: bool = False
    early: int = 0           # games before the pruning check (0: a quarter of games, >= 8)
    confirm_games: int = 0   # (0: twice games)
    confirm_top: int = 3

    def __post_init__(self):
        self.early = self.early or min(self.games, max(8, self.games // 4))
        self.confirm_games = self.confirm_games or 2 * self.games

    def identity(self) -> dict:
        """What a study file must match to be resumed by this run."""
        return {"game": self.game_id, "definition": self.game_hash, "players": self.players,
                "variant": self.variant, "bots": list(self.kinds), "games": self.games,
                "seed": self.seed, "params": [p.text() for p in self.params],
                "objectives": [o.name for o in self.objectives]}


@dataclass
class Measured:
    losses: list
    halves: list
    values: list
    games: int
    report: dict = field(default_factory=dict)


def optuna_module():
    try:
        import optuna
    except ImportError:
        raise RulebookError("tune needs Optuna: pip install -e '.[tune]'") from None
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    return optuna


def repair_journal(path: str) -> bool:
    """A journal whose last line was cut by a kill mid-write: the cut line is removed (the
    study is as it was before that write). True when something was cut."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        return False
    if not data or data.endswith(b"\n"):
        return False
    with open(path, "r+b") as f:
        f.truncate(data.rfind(b"\n") + 1)
    return True


def open_study(spec: TuneSpec, study_path: str | None):
    """The study: in memory, or resumed from (or made in) a journal file, refused when it was
    made for another game or other settings, or is not a study file at all."""
    optuna = optuna_module()
    directions = ["minimize"] * len(spec.objectives)
    if study_path is None:
        study = optuna.create_study(study_name=STUDY_NAME, directions=directions)
    else:
        from optuna.storages import JournalStorage
        from optuna.storages.journal import JournalFileBackend
        if os.path.isdir(study_path):
            raise TuneError(f"--study {study_path}: that is a folder; name a file")
        repair_journal(study_path)
        try:
            storage = JournalStorage(JournalFileBackend(study_path))
            study = optuna.create_study(study_name=STUDY_NAME, storage=storage,
                                        directions=directions, load_if_exists=True)
        except (ValueError, KeyError, TypeError, OSError) as e:
            raise TuneError(f"--study {study_path}: not a study file of rulebook tune ({e})") \
                from None
    have = study.user_attrs.get("identity")
    if have is None:
        study.set_user_attr("identity", spec.identity())
    elif have != spec.identity():
        diff = [k for k in spec.identity() if have.get(k) != spec.identity()[k]]
        raise TuneError(f"--study {study_path}: that study tuned other settings ("
                        + ", ".join(f"{k} {have.get(k)!r}, now {spec.identity()[k]!r}"
                                    for k in diff[:3]) + "): name a new file")
    return study


def distributions(params: tuple) -> dict:
    optuna = optuna_module()
    D = optuna.distributions
    out = {}
    for p in params:
        if p.values:
            out[p.path] = D.CategoricalDistribution(list(p.values))
        elif p.integer:
            out[p.path] = D.IntDistribution(int(p.low), int(p.high), step=int(p.step or 1))
        else:
            out[p.path] = D.FloatDistribution(float(p.low), float(p.high), step=p.step)
    return out


class Tuner:
    def __init__(self, spec: TuneSpec, runner, study_path: str | None = None, say=None):
        self.spec, self.runner, self.study_path = spec, runner, study_path
        self.say = say or (lambda line: None)
        self.study = open_study(spec, study_path)
        self.tasks = tasks_for(spec.seed, spec.games, spec.kinds, spec.rotate)
        self.confirm_tasks = tasks_for(spec.seed + CONFIRM_SEED_OFFSET, spec.confirm_games,
                                       spec.kinds, spec.rotate)

    # ------------------------------------------------------------ one setting
    def measure(self, values: dict, tasks: list, records: list | None = None) -> Measured:
        """The objectives for one setting of the parameters over `tasks` (records of games
        already played on the first of them may be given)."""
        spec = self.spec
        sets = spec.fixed_sets + tuple((p.path, values[p.path]) for p in spec.params
                                       if p.option is None)
        options = {**spec.options, **{p.option: values[p.path] for p in spec.params
                                      if p.option is not None}}
        game = load_with_overrides(spec.path, sets)
        run = RunSpec(spec.path, spec.players, spec.variant, tuple(sorted(options.items())),
                      sets, cards=any(o.needs_cards for o in spec.objectives),
                      trace=any(o.needs_trace for o in spec.objectives))
        done = list(records or [])
        done += self.runner.run(run, tasks[len(done):], game=game)
        errors = [r for r in done if "error" in r]
        if errors:
            raise TuneError(f"with {values}: {len(errors)} of {len(done)} games ended in an "
                            f"error (seed {errors[0]['seed']}: {errors[0]['error']})")
        report = summarise(game.g, done, 1.0, spec.players,
                           {"bots": ", ".join(spec.kinds), "variant": spec.variant})
        report["_records"] = done
        measured = [o.loss(report) for o in spec.objectives]
        return Measured([m[0] for m in measured], [m[1] for m in measured],
                        [m[2] for m in measured], len(done), report)

    def hopeless(self, early: Measured) -> bool:
        """Whether a finished trial beats even this one's best case in every objective."""
        best_case = [loss - half for loss, half in zip(early.losses, early.halves)]
        for t in self.finished():
            if all(v < b for v, b in zip(t.values, best_case)):
                return True
        return False

    def finished(self) -> list:
        optuna = optuna_module()
        return [t for t in self.study.get_trials(deepcopy=False)
                if t.state == optuna.trial.TrialState.COMPLETE]

    def settled(self) -> int:
        optuna = optuna_module()
        states = (optuna.trial.TrialState.COMPLETE, optuna.trial.TrialState.PRUNED)
        return sum(1 for t in self.study.get_trials(deepcopy=False) if t.state in states)

    # ------------------------------------------------------------ the search
    def run(self) -> dict:
        """Trials until the study holds spec.trials settled ones; Ctrl-C keeps those finished
        (the one under way is told as failed) and returns what they show."""
        optuna = optuna_module()
        stopped = None
        started = time.monotonic()
        while self.settled() < self.spec.trials:
            # seeded by the number of trials settled: a study stopped and resumed asks the
            # same values as one run whole
            self.study.sampler = optuna.samplers.TPESampler(
                seed=self.spec.seed * 100003 + self.settled(), n_startup_trials=6)
            trial = self.study.ask(distributions(self.spec.params))
            try:
                self.one_trial(trial)
            except RunInterrupted as e:
                self.study.tell(trial, state=optuna.trial.TrialState.FAIL)
                stopped = {"signal": e.signal, "trial": trial.number}
                break
            except RulebookError as e:
                trial.set_user_attr("error", str(e))
                self.study.tell(trial, state=optuna.trial.TrialState.FAIL)
                self.say(f"trial {trial.number}: {e}")
        result = self.result(confirm=stopped is None)
        result["seconds"] = time.monotonic() - started
        if stopped:
            result["interrupted"] = stopped
        return result

    def one_trial(self, trial) -> None:
        optuna = optuna_module()
        values = dict(trial.params)
        same = self.played_before(values, trial.number)
        if same is not None:      # the same seeds give the same games: nothing to play again
            trial.set_user_attr("measured", same.user_attrs["measured"])
            trial.set_user_attr("same_as", same.number)
            self.study.tell(trial, None if same.state.name == "PRUNED" else same.values,
                            state=same.state)
            return
        early = self.measure(values, self.tasks[:self.spec.early])
        if self.spec.early < self.spec.games and self.hopeless(early):
            self.keep(trial, early)
            self.study.tell(trial, state=optuna.trial.TrialState.PRUNED)
            self.say(f"trial {trial.number}: {values} stopped after {early.games} games")
            return
        full = self.measure(values, self.tasks, early.report["_records"]) \
            if self.spec.early < self.spec.games else early
        self.keep(trial, full)
        self.study.tell(trial, full.losses)
        self.say(f"trial {trial.number}: {values} -> " + ", ".join(
            f"{o.name} {v:.3g}" for o, v in zip(self.spec.objectives, full.values)))

    def played_before(self, values: dict, number: int):
        """A settled trial of the same values, if any (the earliest)."""
        for t in self.study.get_trials(deepcopy=False):
            if t.number < number and t.params == values and "measured" in t.user_attrs \
                    and t.state.name in ("COMPLETE", "PRUNED"):
                return t
        return None

    def keep(self, trial, m: Measured) -> None:
        trial.set_user_attr("measured", {"losses": m.losses, "halves": m.halves,
                                         "values": m.values, "games": m.games})

    # ------------------------------------------------------------ what it found
    def row(self, t, state: str) -> dict:
        m = t.user_attrs.get("measured") or {}
        objectives = {o.name: {"loss": m["losses"][i], "half": m["halves"][i],
                               "value": m["values"][i]}
                      for i, o in enumerate(self.spec.objectives)} if m else {}
        return {"trial": t.number, "state": state, "params": dict(t.params),
                "objectives": objectives, "games": m.get("games", 0),
                **({"error": t.user_attrs["error"]} if "error" in t.user_attrs else {})}

    def result(self, confirm: bool) -> dict:
        trials = [self.row(t, t.state.name.lower()) for t in self.study.get_trials(deepcopy=False)
                  if t.state.name != "RUNNING"]
        finished = self.finished()
        front = [self.row(t, "front") for t in self.study.best_trials
                 if "same_as" not in t.user_attrs] if finished else []
        front = ranked(front, self.spec.objectives, "objectives")
        if confirm:
            for r in front[:self.spec.confirm_top]:
                m = self.measure(r["params"], self.confirm_tasks)
                r["confirmed"] = {o.name: {"loss": m.losses[i], "half": m.halves[i],
                                           "value": m.values[i], "games": m.games}
                                  for i, o in enumerate(self.spec.objectives)}
            confirmed = [r for r in front if "confirmed" in r]
            if confirmed:
                confirmed = ranked(confirmed, self.spec.objectives, "confirmed")
                front = confirmed + [r for r in front if "confirmed" not in r]
        best = front[0] if front else None
        return {"game": self.spec.game_id, "players": self.spec.players,
                "bots": list(self.spec.kinds), "games": self.spec.games, "seed": self.spec.seed,
                "params": [p.text() for p in self.spec.params],
                "objectives": [o.name for o in self.spec.objectives],
                "study": self.study_path, "trials": trials, "front": front,
                "recommended": dict(best["params"]) if best else {},
                "why": why(best, front, self.spec.objectives) if best else
                "no trial finished: nothing to recommend"}


def score(row: dict, front: list, objectives: tuple, key: str = "objectives") -> float:
    """The sum of a point's losses, each over its spread on the front (so no objective's
    unit outweighs another's); the lowest is the point nearest every target at once."""
    total = 0.0
    for o in objectives:
        losses = [r[key][o.name]["loss"] for r in front if key in r]
        lo, hi = min(losses), max(losses)
        total += (row[key][o.name]["loss"] - lo) / (hi - lo) if hi > lo else 0.0
    return total


def ranked(rows: list, objectives: tuple, key: str) -> list:
    """The rows, best (the lowest score) first; ties by trial number."""
    scores = [score(r, rows, objectives, key) for r in rows]
    return [r for _, r in sorted(zip(scores, rows), key=lambda x: (x[0], x[1]["trial"]))]


def why(best: dict, front: list, objectives: tuple) -> str:
    key = "confirmed" if "confirmed" in best else "objectives"
    where = f"confirmed on {best[key][objectives[0].name]['games']} fresh games" \
        if key == "confirmed" else "on the study's games"
    if len(objectives) == 1:
        return f"the lowest {objectives[0].name} loss of every trial ({where})"
    return (f"of the {len(front)} points of the front, the nearest to every target at once: the "
            f"lowest sum of its losses, each over its spread across the front ({where})")
