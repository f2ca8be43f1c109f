"""The grammar tutor: its corpus, tokenizer, prompt format, training and evaluation, and the
trained model folder that the package ships."""

from importlib import resources
from pathlib import Path


def model_folder() -> Path:
    """The shipped tutor model (config.json, model.safetensors, tokenizer.json, ...)."""
    return Path(str(resources.files("miniserve.tutor").joinpath("model")))
