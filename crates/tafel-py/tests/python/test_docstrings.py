"""Every public function and method of the package has a docstring."""

import inspect

import tafel
import tafel.ai
import tafel.gymnasium
import tafel.openspiel
import tafel.pettingzoo
import tafel.text
from tafel import _tafel


def public(namespace):
    return [(name, getattr(namespace, name)) for name in dir(namespace)
            if not name.startswith("_") and callable(getattr(namespace, name))]


def test_extension_module_is_documented():
    missing = [name for name, item in public(_tafel) if not (item.__doc__ or "").strip()]
    for cls in (_tafel.Game, _tafel.State, _tafel.Vector):
        missing += [f"{cls.__name__}.{name}" for name, item in public(cls)
                    if not (item.__doc__ or "").strip()]
    assert missing == []


def test_python_modules_are_documented():
    missing = []
    for module in (tafel.ai, tafel.gymnasium, tafel.openspiel, tafel.pettingzoo, tafel.text):
        assert module.__doc__
        for name, item in public(module):
            if getattr(item, "__module__", None) != module.__name__:
                continue
            if not (item.__doc__ or "").strip():
                missing.append(f"{module.__name__}.{name}")
            if inspect.isclass(item):
                missing += [f"{module.__name__}.{name}.{m}" for m, f in vars(item).items()
                            if inspect.isfunction(f) and not m.startswith("__")
                            and not (f.__doc__ or "").strip()]
    assert missing == []
