import Foundation
import HTTPTypes
import Testing
@testable import FoodDiary
@testable import FoodDiaryApp
import FoodDiaryWeb

/// What a request cut off by a stopping server answers (scripts/check-install.sh stops a real one).
@Suite struct ShutdownTests {
    @Test func aRequestCutOffByShutdownAsksToBeSentAgain() {
        let problem = Problem(CancellationError())
        #expect(problem.status == .serviceUnavailable)
        #expect(problem.message.contains("send it again") && problem.extraHeaders[.retryAfter] == "10")
    }

    /// `serve` finds its templates from the working directory of a checkout, else beside its binary.
    @Test func installedFilesAreFoundBesideTheBinary() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let share = directory.path + "/prefix/share/fooddiary"
        try FileManager.default.createDirectory(atPath: share + "/Templates", withIntermediateDirectories: true)
        try Data("{{$body}}{{/body}}".utf8).write(to: URL(fileURLWithPath: share + "/Templates/layout.mustache"))
        let binary = directory.path + "/prefix/bin/fooddiary"
        #expect(try InstalledFiles.locate(shareDirectory: nil, workingDirectory: "/", executable: binary).get() == .installed(share))
        let checkout = TestEnvironment.packageRoot.path
        #expect(try InstalledFiles.locate(shareDirectory: nil, workingDirectory: checkout, executable: binary).get() == .checkout(checkout))
        guard
            case .failure(let notFound) = InstalledFiles.locate(
                shareDirectory: nil, workingDirectory: "/", executable: "/nowhere/bin/fooddiary")
        else {
            Issue.record("found templates where there are none")
            return
        }
        #expect(notFound.description.contains("/Templates") && notFound.description.contains("--share-dir"))
    }
}
