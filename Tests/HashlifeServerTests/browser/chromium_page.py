"""Headless Chromium for the browser tests: the driver, and calls into the page."""

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service


def start():
    """Starts headless Chromium (1200×800, one screen pixel a CSS pixel) with Debian's driver.

    Returns (driver, js, api): js(script, *arguments) runs a script in the page and answers what
    it returns; api(method, path, body) makes an API call from the page (the token is in its
    cookie) and answers the response's text, or 'error: …'.
    """
    options = Options()
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1200,800",
                     "--force-device-scale-factor=1", "--disable-gpu"]:
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_script_timeout(30)

    def js(script, *arguments):
        return driver.execute_script(script, *arguments)

    def api(method, path, body=""):
        return driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "fetch(arguments[0], {method: arguments[1], body: arguments[1] === 'GET' ? undefined : arguments[2]})"
            ".then(r => r.text()).then(done, e => done('error: ' + e));", path, method, body)

    return driver, js, api
