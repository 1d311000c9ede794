#!/usr/bin/env python3
"""A structural check of GitHub Actions workflows, for when actionlint cannot be installed.

Much less than actionlint (no expression types, no shellcheck, no action inputs), but it
fails on what most often breaks a workflow by hand: YAML that does not parse, a misspelt job
or step key, a step with both or neither of `uses` and `run`, a malformed action reference,
`needs` naming no job, an unclosed `${{`, and `matrix.x` where the matrix has no `x`.

Usage: check-workflows.py FILE...   (exit 1 and one line per problem when something is wrong)
"""
import re
import sys

import yaml

JOB_KEYS = {"name", "runs-on", "needs", "if", "permissions", "environment", "concurrency",
            "outputs", "env", "defaults", "steps", "timeout-minutes", "strategy",
            "continue-on-error", "container", "services", "uses", "with", "secrets"}
STEP_KEYS = {"id", "if", "name", "uses", "run", "working-directory", "shell", "with", "env",
             "continue-on-error", "timeout-minutes"}
ACTION = re.compile(r"^([\w.-]+/[\w.-]+(/[\w./-]+)?@[\w./-]+|\./.+|docker://.+)$")
CONTEXTS = {"github", "env", "matrix", "secrets", "steps", "runner", "job", "jobs", "needs",
            "strategy", "inputs", "vars"}


def strings(node):
    """Every string in a YAML tree, keys included."""
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for key, value in node.items():
            yield from strings(key)
            yield from strings(value)
    elif isinstance(node, list):
        for item in node:
            yield from strings(item)


def check_expressions(where, node, matrix_keys, problems):
    for text in strings(node):
        if text.count("${{") != text.count("}}"):
            problems.append(f"{where}: unbalanced ${{{{ … }}}} in {text!r}")
        for expression in re.findall(r"\$\{\{(.*?)\}\}", text, re.S):
            for context, member in re.findall(r"\b([a-z]+)\.([\w-]+)", expression):
                if context not in CONTEXTS and not re.search(rf"['\"][^'\"]*{context}\.", expression):
                    problems.append(f"{where}: unknown context {context!r} in ${{{{{expression}}}}}")
                if context == "matrix" and member not in matrix_keys:
                    problems.append(f"{where}: matrix has no {member!r}")


def check(path):
    problems = []
    try:
        with open(path, encoding="utf-8") as file:
            workflow = yaml.safe_load(file)
    except (OSError, yaml.YAMLError) as error:
        return [f"{path}: {error}"]
    if not isinstance(workflow, dict):
        return [f"{path}: not a mapping"]
    # YAML 1.1 reads the bare key `on` as the boolean true.
    if "on" not in workflow and True not in workflow:
        problems.append(f"{path}: no 'on' (triggers)")
    jobs = workflow.get("jobs")
    if not isinstance(jobs, dict) or not jobs:
        return problems + [f"{path}: no jobs"]
    for job_id, job in jobs.items():
        where = f"{path}: job {job_id}"
        if not isinstance(job, dict):
            problems.append(f"{where}: not a mapping")
            continue
        problems += [f"{where}: unknown key {key!r}" for key in job if key not in JOB_KEYS]
        needs = job.get("needs", [])
        for need in [needs] if isinstance(needs, str) else needs:
            if need not in jobs:
                problems.append(f"{where}: needs unknown job {need!r}")
        matrix = (job.get("strategy") or {}).get("matrix") or {}
        matrix_keys = set(matrix) | {key for item in matrix.get("include", []) for key in item}
        check_expressions(where, job, matrix_keys, problems)
        timeout = job.get("timeout-minutes", 0)
        if not isinstance(timeout, (int, float)) and not str(timeout).startswith("${{"):
            problems.append(f"{where}: timeout-minutes is not a number")
        if "uses" in job:
            continue  # a reusable workflow: no runner, no steps
        if "runs-on" not in job:
            problems.append(f"{where}: no runs-on")
        steps = job.get("steps")
        if not isinstance(steps, list) or not steps:
            problems.append(f"{where}: no steps")
            continue
        for index, step in enumerate(steps, 1):
            at = f"{where} step {index}"
            if not isinstance(step, dict):
                problems.append(f"{at}: not a mapping")
                continue
            problems += [f"{at}: unknown key {key!r}" for key in step if key not in STEP_KEYS]
            if ("uses" in step) == ("run" in step):
                problems.append(f"{at}: needs exactly one of 'uses' and 'run'")
            if "uses" in step and not ACTION.match(str(step["uses"])):
                problems.append(f"{at}: malformed action reference {step['uses']!r}")
            if "with" in step and not isinstance(step["with"], dict):
                problems.append(f"{at}: 'with' is not a mapping")
    return problems


def main():
    problems = [problem for path in sys.argv[1:] for problem in check(path)]
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems or len(sys.argv) < 2 else 0


if __name__ == "__main__":
    sys.exit(main())
