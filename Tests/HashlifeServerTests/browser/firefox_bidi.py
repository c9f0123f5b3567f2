"""A small WebDriver BiDi client for headless Firefox (no geckodriver): the standard library and
websockets (Debian's python3-websockets, its asyncio API).

    with Firefox(width=1200, height=800, time_limit=240) as browser:
        browser.navigate("http://127.0.0.1:8765/")
        browser.js("return document.title")

`Firefox` starts firefox-esr headless on a fresh temporary profile with its remote agent on a
free loopback port, opens a BiDi session and offers blocking calls. Leaving the `with` block (or
any failure on the way in) ends the session, kills what is left of the browser's processes and
removes the profile; a timer kills the browser when `time_limit` seconds have passed, so that a
hung page fails the caller instead of hanging it. Outside the loopback addresses the profile
sends nothing (a proxy that is not there, no update, telemetry or remote-settings fetches).
"""

import asyncio
import base64
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import time

import websockets

FIREFOX = "/usr/bin/firefox-esr"

# What the profile needs: BiDi only on the remote agent, and nothing fetched from outside the
# machine (every other host goes to a proxy on a loopback port nobody listens on).
PREFERENCES = {
    "remote.active-protocols": 1,
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.aboutwelcome.enabled": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "datareporting.healthreport.uploadEnabled": False,
    "toolkit.telemetry.enabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "app.update.disabledForTesting": True,
    "app.normandy.enabled": False,
    "services.settings.server": "http://127.0.0.1:9/",
    "messaging-system.rsexperimentloader.enabled": False,
    "extensions.update.enabled": False,
    "extensions.getAddons.cache.enabled": False,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "browser.safebrowsing.downloads.enabled": False,
    "browser.safebrowsing.update.enabled": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "network.dns.disablePrefetch": True,
    "network.prefetch-next": False,
    "network.trr.mode": 5,
    "network.proxy.type": 1,
    "network.proxy.http": "127.0.0.1",
    "network.proxy.http_port": 9,
    "network.proxy.ssl": "127.0.0.1",
    "network.proxy.ssl_port": 9,
    "network.proxy.no_proxies_on": "",
    "layout.css.devPixelsPerPx": "1.0",
}


class BiDiError(Exception):
    """An error answer of the browser, a script's exception, a closed connection or a timeout."""


def _deserialize(value):
    """A BiDi remote value as Python: numbers, strings, booleans, None, lists and dicts."""
    kind = value.get("type")
    if kind in ("undefined", "null"):
        return None
    if kind in ("string", "boolean"):
        return value["value"]
    if kind == "number":
        v = value["value"]
        return {"NaN": float("nan"), "-0": -0.0, "Infinity": float("inf"), "-Infinity": float("-inf")}.get(v, v) \
            if isinstance(v, str) else v
    if kind == "bigint":
        return int(value["value"])
    if kind in ("array", "set"):
        return [_deserialize(v) for v in value.get("value", [])]
    if kind in ("object", "map"):
        return {(k if isinstance(k, str) else str(_deserialize(k))): _deserialize(v) for k, v in value.get("value", [])}
    return value  # a node, a window, a function …: its remote value as it came


def _serialize(value):
    """A Python argument as a BiDi local value."""
    if value is None:
        return {"type": "null"}
    if isinstance(value, bool):
        return {"type": "boolean", "value": value}
    if isinstance(value, (int, float)):
        return {"type": "number", "value": value}
    if isinstance(value, str):
        return {"type": "string", "value": value}
    if isinstance(value, (list, tuple)):
        return {"type": "array", "value": [_serialize(v) for v in value]}
    if isinstance(value, dict):
        return {"type": "object", "value": [[str(k), _serialize(v)] for k, v in value.items()]}
    raise TypeError(f"cannot pass {type(value).__name__} to a script")


class Firefox:
    def __init__(self, width=1200, height=800, time_limit=300.0, command_timeout=30.0):
        self.width, self.height = width, height
        self.time_limit, self.command_timeout = time_limit, command_timeout
        self.process = self.profile = self.context = None
        self._loop = self._thread = self._socket = self._reader = self._timer = None
        self._pending, self._next_id = {}, 0
        self.log = []  # the browser's output lines
        self.timed_out = False

    # MARK: Start and stop

    def __enter__(self):
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exception):
        self.stop()
        return False

    def start(self):
        self.profile = tempfile.mkdtemp(prefix="hashlife-firefox-")
        with open(os.path.join(self.profile, "user.js"), "w") as f:
            for name, value in PREFERENCES.items():
                f.write(f"user_pref({json.dumps(name)}, {json.dumps(value)});\n")
        environment = dict(os.environ, MOZ_CRASHREPORTER_DISABLE="1", MOZ_HEADLESS="1")
        environment.pop("DISPLAY", None)
        self.process = subprocess.Popen(
            [FIREFOX, "--headless", "--no-remote", "--profile", self.profile, "--remote-debugging-port=0",
             f"--window-size={self.width},{self.height}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=environment,
            start_new_session=True)
        self._timer = threading.Timer(self.time_limit, self._expire)
        self._timer.daemon = True
        self._timer.start()
        # The agent's address is on the browser's output once it listens.
        address, found = None, threading.Event()

        def read_output():
            nonlocal address
            for raw in self.process.stdout:
                line = raw.decode(errors="replace").rstrip()
                self.log.append(line)
                match = re.search(r"WebDriver BiDi listening on (ws://\S+)", line)
                if match and not address:
                    address = match.group(1)
                    found.set()
            found.set()

        threading.Thread(target=read_output, daemon=True).start()
        if not found.wait(60) or not address:
            raise BiDiError("Firefox did not start its remote agent:\n" + "\n".join(self.log[-20:]))
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._thread.start()
        self._run(self._connect(address.rstrip("/") + "/session"))
        self.call("session.new", {"capabilities": {"alwaysMatch": {"acceptInsecureCerts": False}}})
        contexts = self.call("browsingContext.getTree", {"maxDepth": 0})["contexts"]
        self.context = contexts[0]["context"] if contexts else self.call("browsingContext.create", {"type": "tab"})["context"]
        self.call("browsingContext.setViewport", {"context": self.context,
                                                  "viewport": {"width": self.width, "height": self.height},
                                                  "devicePixelRatio": 1})

    def stop(self):
        """Ends the session and the browser, whatever state they are in; removes the profile."""
        if self._timer:
            self._timer.cancel()
        if self._socket is not None and self.process and self.process.poll() is None:
            try:
                self.call("browser.close", {}, timeout=5)
            except Exception:
                pass
        if self._loop:
            try:
                self._run(self._disconnect(), timeout=5)
            except Exception:
                pass
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(5)
        if self.process:
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                pass
            self._kill_group()
        if self.profile:
            shutil.rmtree(self.profile, ignore_errors=True)
            self.profile = None

    def _kill_group(self):
        for sig in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.killpg(self.process.pid, sig)
            except ProcessLookupError:
                return
            time.sleep(0.5)
            if self.process.poll() is not None:
                try:
                    os.killpg(self.process.pid, 0)  # content processes of the group may outlive it
                except ProcessLookupError:
                    return
        self.process.wait(10)

    def _expire(self):
        self.timed_out = True
        self.log.append(f"the browser was killed after its time limit of {self.time_limit:g} s")
        if self.process and self.process.poll() is None:
            self._kill_group()

    # MARK: The connection

    def _run(self, coroutine, timeout=None):
        future = asyncio.run_coroutine_threadsafe(coroutine, self._loop)
        try:
            return future.result(self.command_timeout if timeout is None else timeout)
        except TimeoutError:  # concurrent.futures.TimeoutError is TimeoutError from 3.11
            future.cancel()
            raise BiDiError("no answer in time")

    async def _connect(self, address):
        self._socket = await websockets.connect(address, max_size=None, open_timeout=30, ping_interval=None)
        self._reader = asyncio.ensure_future(self._read())

    async def _disconnect(self):
        if self._socket is not None:
            await self._socket.close()

    async def _read(self):
        try:
            async for text in self._socket:
                message = json.loads(text)
                future = self._pending.pop(message.get("id"), None)
                if future is not None and not future.done():
                    future.set_result(message)
        except Exception:
            pass
        for future in self._pending.values():
            if not future.done():
                future.set_exception(BiDiError("the connection to Firefox closed"))
        self._pending.clear()

    async def _send(self, method, params):
        self._next_id += 1
        future = self._loop.create_future()
        self._pending[self._next_id] = future
        await self._socket.send(json.dumps({"id": self._next_id, "method": method, "params": params}))
        return await future

    def call(self, method, params, timeout=None):
        """One BiDi command; its result, or BiDiError with the browser's error."""
        if self._socket is None:
            raise BiDiError("not connected")
        message = self._run(self._send(method, params), timeout)
        if message.get("type") == "error":
            raise BiDiError(f"{method}: {message.get('error')}: {message.get('message')}")
        return message.get("result", {})

    # MARK: The page

    def navigate(self, url):
        self.call("browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"})

    def reload(self):
        self.call("browsingContext.reload", {"context": self.context, "wait": "complete"})

    def js(self, body, *arguments, timeout=None):
        """Runs `body` as an async function's body with `arguments` (JSON-like values); its
        awaited return value, deserialized. A thrown exception raises BiDiError."""
        result = self.call("script.callFunction", {
            "functionDeclaration": f"async function() {{ {body}\n}}", "awaitPromise": True,
            "target": {"context": self.context}, "arguments": [_serialize(a) for a in arguments],
            "resultOwnership": "none"}, timeout)
        if result.get("type") == "exception":
            details = result.get("exceptionDetails", {})
            raise BiDiError(f"the script threw: {details.get('text')}")
        return _deserialize(result["result"])

    def perform(self, *sources):
        """input.performActions with these input sources (each a dict: type, id, actions …)."""
        self.call("input.performActions", {"context": self.context, "actions": list(sources)})

    def release(self):
        self.call("input.releaseActions", {"context": self.context})

    def screenshot(self, path):
        data = self.call("browsingContext.captureScreenshot", {"context": self.context})["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))


# Key values of WebDriver's keyboard (the spec's table of normalized keys).
KEYS = {"Enter": "\ue007", "Escape": "\ue00c", "Control": "\ue009", "Shift": "\ue008", "Tab": "\ue004"}
