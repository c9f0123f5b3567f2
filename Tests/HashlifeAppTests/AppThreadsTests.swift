import Testing
import HashlifeApp
import HashlifeEngine
import HashlifeTestSupport

/// `hashlife play --threads N`: the launch gives the session, and so every
/// universe the app steps, the count.
@Suite struct AppThreadsTests {
    func environment(_ folder: String) -> [String: String] {
        appEnvironment(in: folder)
    }

    @Test func theLaunchGivesTheSessionTheCount() throws {
        let folder = temporaryFolder()
        defer { removeTree(folder) }
        let env = environment(folder)
        let app = try AppLaunch(file: Fixtures.pattern("glider.rle"), threads: 3, columns: 80, rows: 24, environment: env).makeApp()
        #expect(app.session.threads == 3 && app.session.universe.threads == 3)
        #expect(app.store?.service.threads == 3)
        // Reopening the last board (loaded from the store) keeps the launch's count.
        let reopened = try AppLaunch(threads: 2, columns: 80, rows: 24, environment: env).makeApp()
        #expect(reopened.session.universe.population == BigUInt(5))
        #expect(reopened.session.universe.threads == 2)
        #expect(AppLaunch(columns: 80, rows: 24, environment: env).threads == 1)
    }
}
