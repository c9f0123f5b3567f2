import Testing
import Synchronization
@testable import HashlifeApp
import HashlifeFormats

/// A job the worker runs on its own thread looks rule names up in the folders of the command
/// that started it.
@Suite struct StepWorkerRuleFoldersTests {
    @Test func aJobSeesTheFoldersItWasStartedWith() {
        let seen = Mutex<[String]>([])
        let worker = StepWorker()
        RuleFolders.$current.withValue(RuleFolders(explicit: ["/some/rules"])) {
            worker.start { _, _ in seen.withLock { $0 = RuleFolders.current.explicit } }
        }
        _ = worker.wait()
        #expect(seen.withLock { $0 } == ["/some/rules"])
    }
}
