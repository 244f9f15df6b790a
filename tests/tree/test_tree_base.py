"""The tree estimators work without scikit-learn (an optional dependency): the stand-in
base classes of rocstats.tree._base give get_params / set_params / score."""
import subprocess
import sys
import textwrap


def test_estimators_without_sklearn():
    code = textwrap.dedent("""
        import sys
        sys.modules["sklearn"] = None          # any import of sklearn now fails
        import numpy as np
        from rocstats.tree import AUCTreeClassifier, CARTClassifier, CARTRegressor
        from rocstats.tree._base import BaseEstimator
        assert BaseEstimator.__module__ == "rocstats.tree._base"
        X = np.arange(40, dtype=float).reshape(-1, 1)
        y = (np.arange(40) >= 20).astype(int)
        m = CARTClassifier(min_split=2, xval=0).fit(X, y)
        assert m.get_params()["min_split"] == 2 and m.score(X, y) == 1.0
        assert m.set_params(cp=0.5).cp == 0.5
        r = CARTRegressor(xval=0).fit(X, X[:, 0])
        assert r.score(X, X[:, 0]) > 0.9
        a = AUCTreeClassifier(node_size=3)
        assert a.get_params()["node_size"] == 3
        try:
            a.set_params(nodesize=3)
        except ValueError as exc:
            assert "nodesize" in str(exc)
        else:
            raise AssertionError("unknown parameter accepted")
        print("ok")
    """)
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.strip().endswith("ok")
