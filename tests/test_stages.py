"""The retrain path: the shipped model's stages run into runs/, never over the shipped model."""

import json
import signal
import subprocess
import sys

import pytest

from bench import quiet
from miniserve.tutor import model_folder
from miniserve.tutor.training import stages
from miniserve.tutor.training import train
def test_the_stages_follow_the_shipped_models_record():
    """Each stage's seed, learning rate and corpus are the ones training.json records, in order."""
    record, chain = json.loads((model_folder() / "training.json").read_text()), []
    while record:
        chain.append(record["args"])
        record = record.get("previous_stage")
    chain.reverse()
    assert len(chain) == len(stages.SHIPPED)
    for stage, args in zip(stages.SHIPPED, chain):
        argv = stage.argv()
        assert argv[argv.index("--seed") + 1] == str(args["seed"])
        assert float(argv[argv.index("--lr") + 1]) == pytest.approx(args["lr"])
        assert ("v2" in argv) == (args.get("corpus") == "v2")
        assert argv[1] == f"runs/{stage.name}"
        assert "--init" not in argv or argv[argv.index("--init") + 1] == f"runs/{stage.init}"


def test_a_stage_needs_the_one_before_it(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert stages.main(["5"]) == 2
    assert "runs/stage4" in capsys.readouterr().err
    with pytest.raises(SystemExit) as unknown:  # a usage error: stage 10 is not one of the shipped model's
        stages.main(["10"])
    assert unknown.value.code == 2


def test_training_refuses_to_write_over_the_shipped_model():
    with pytest.raises(SystemExit) as exit_:
        train.main(["--out", str(model_folder()), "--steps", "1"])
    assert exit_.value.code == 2


def test_quiet_pauses_registered_training_and_resumes_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    trainer = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        (tmp_path / "runs").mkdir()
        (tmp_path / "runs" / "train.pids").write_text(f"{trainer.pid}\n")
        # The command records the trainer's state as the kernel sees it while the command runs.
        out = tmp_path / "state"
        probe = f"open({str(out)!r}, 'w').write(open('/proc/{trainer.pid}/stat').read().split()[2])"
        code = quiet.main(["--", sys.executable, "-c", probe])
        assert code == 0
        assert out.read_text().strip() == "T"  # stopped while the benchmark ran
        state = open(f"/proc/{trainer.pid}/stat").read().split()[2]
        assert state in ("S", "R")  # and running again after it
    finally:
        trainer.send_signal(signal.SIGKILL)
        trainer.wait()
