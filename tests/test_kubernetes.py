"""deploy/kubernetes/: every manifest is valid against the Kubernetes JSON schemas, strictly (no
unknown field), for the oldest and newest release we claim, offline (kubernetes-validate ships the
schemas); and the numbers in them agree with the server they deploy."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import kubernetes_validate
import pytest
import yaml

from miniserve.config import Settings
from miniserve.metrics import Metrics

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "deploy" / "kubernetes"
VERSIONS = ("1.30.0", "1.37.0")  # the oldest supported release with every field used here, the newest known


def documents() -> list[dict]:
    found = []
    for path in sorted(FOLDER.glob("*.yaml")):
        found += [doc for doc in yaml.safe_load_all(path.read_text()) if doc]
    return found


def kind(name: str) -> dict:
    (doc,) = [d for d in documents() if d["kind"] == name]
    return doc


@pytest.mark.parametrize("version", VERSIONS)
def test_every_manifest_is_valid_and_strict(version):
    docs = documents()
    assert {d["kind"] for d in docs} >= {"Deployment", "Service", "HorizontalPodAutoscaler", "ConfigMap"}
    for doc in docs:
        kubernetes_validate.validate(doc, version, strict=True)
    # The validator does reject what Kubernetes would: a misspelt field and a wrong type.
    typo = copy.deepcopy(kind("Deployment"))
    typo["spec"]["template"]["spec"]["containers"][0]["readinesProbe"] = {}
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(typo, version, strict=True)
    wrong = copy.deepcopy(kind("Deployment"))
    wrong["spec"]["replicas"] = "two"
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(wrong, version, strict=True)


def container() -> dict:
    (c,) = kind("Deployment")["spec"]["template"]["spec"]["containers"]
    return c


def settings() -> Settings:
    return Settings.from_env({e["name"]: e["value"] for e in container()["env"]})


def test_probes_and_shutdown_fit_the_server():
    c, pod = container(), kind("Deployment")["spec"]["template"]["spec"]
    assert c["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert c["livenessProbe"]["httpGet"]["path"] == "/healthz"
    port = {p["name"]: p["containerPort"] for p in c["ports"]}
    assert c["readinessProbe"]["httpGet"]["port"] in port and port["http"] == 8000  # the image's bind
    assert {e["name"] for e in c["env"]} <= {f"MINISERVE_{name.upper()}" for name in Settings.model_fields}
    # preStop keeps serving while the endpoints change, then the drain needs drain_timeout: the
    # kubelet must not SIGKILL before both are over.
    command = c["lifecycle"]["preStop"]["exec"]["command"]
    assert command[0] == "sleep"
    pre_stop = float(command[1])
    assert pod["terminationGracePeriodSeconds"] >= pre_stop + settings().drain_timeout + 5
    # A draining replica leaves the endpoints at its first failed readiness check.
    assert c["readinessProbe"]["failureThreshold"] * c["readinessProbe"]["periodSeconds"] <= pre_stop
    assert pod["securityContext"]["runAsNonRoot"] and pod["securityContext"]["runAsUser"] > 0


def test_one_cpu_per_replica():
    resources = container()["resources"]
    assert resources["requests"]["cpu"] in ("1", 1, "1000m")
    assert resources["limits"] == resources["requests"]  # Guaranteed QoS: a whole core


def test_service_and_autoscaler_point_at_the_deployment():
    deployment, service, hpa = kind("Deployment"), kind("Service"), kind("HorizontalPodAutoscaler")
    labels = deployment["spec"]["template"]["metadata"]["labels"]
    assert service["spec"]["selector"].items() <= labels.items()
    assert {p["targetPort"] for p in service["spec"]["ports"]} <= {p["name"] for p in container()["ports"]}
    assert hpa["apiVersion"] == "autoscaling/v2"
    assert hpa["spec"]["scaleTargetRef"]["name"] == deployment["metadata"]["name"]
    (metric,) = hpa["spec"]["metrics"]
    name = metric["pods"]["metric"]["name"]
    assert name == "miniserve_requests_waiting"
    assert name in {m.name for m in Metrics().registry.collect()}  # the server really exports it


def test_the_adapter_rule_serves_the_autoscalers_metric():
    config = yaml.safe_load(kind("ConfigMap")["data"]["config.yaml"])
    (rule,) = config["rules"]
    hpa_metric = kind("HorizontalPodAutoscaler")["spec"]["metrics"][0]["pods"]["metric"]["name"]
    assert rule["name"]["as"] == hpa_metric
    assert rule["seriesQuery"].startswith(hpa_metric + "{")
    assert rule["resources"]["overrides"]["pod"] == {"resource": "pod"}
    for placeholder in ("<<.Series>>", "<<.LabelMatchers>>", "<<.GroupBy>>"):
        assert placeholder in rule["metricsQuery"]
    json.dumps(config)  # plain data, nothing YAML-only
