"""The install record: every file, folder and registry key an install wrote.

It lives next to the launcher (``install-record.json``); ``--uninstall`` removes what it
lists and nothing else, so a manifest some other tool put in the same folder survives.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

RECORD_NAME = "install-record.json"


@dataclass
class InstallRecord:
    path: Path
    files: list[str] = field(default_factory=list)
    dirs: list[str] = field(default_factory=list)
    registry: list[list[str]] = field(default_factory=list)  # [hive, key]

    @classmethod
    def load(cls, directory: Path) -> InstallRecord:
        path = directory / RECORD_NAME
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls(path)
        return cls(path, list(data.get("files", [])), list(data.get("dirs", [])),
                   [list(k) for k in data.get("registry", [])])

    def add_file(self, path: Path) -> None:
        if str(path) not in self.files:
            self.files.append(str(path))

    def add_dir(self, path: Path) -> None:
        if str(path) not in self.dirs:
            self.dirs.append(str(path))

    def add_key(self, hive: str, key: str) -> None:
        if [hive, key] not in self.registry:
            self.registry.append([hive, key])

    @property
    def empty(self) -> bool:
        return not (self.files or self.dirs or self.registry)

    def save(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        data = {"files": self.files, "dirs": self.dirs, "registry": self.registry}
        self.path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
