import FoodDiaryBase
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import FoodDiary
import FoodDiaryWeb

/// The data directory on a small tmpfs that is then filled: every save answers 507 and saves
/// nothing, reads go on, and saving works again once space is freed, with no restart. Mounting
/// needs root; elsewhere the suite does not run (README: the manual check).
@Suite(.serialized, .enabled(if: Tmpfs.canMount, "mounting a tmpfs needs root"))
struct FullDiskTests {
    @Test func aFullDiskSavesNothingSaysSoAndRecoversWithoutARestart() async throws {
        let mount = try TemporaryDirectory()
        defer { Tmpfs.run("/bin/umount", mount.path); mount.remove() }
        try #require(Tmpfs.run("/bin/mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", mount.path))
        try await TestEnvironment.withRunningApp(withFixtureCatalog: true, configure: { $0.dataDirectory = mount.path + "/data" }) {
            client, database, _, _ in
            try await database.addMeal("2026-03-09T12:30", notes: "Saved before the disk filled")
            try await client.postForm("/meals/1/foods", [("source", "catalog:9040"), ("amount", "g125")])
            #expect(
                DiskSpace.warning(for: mount.path)?.contains("MB free on the disk holding") == true, "16 MB is below the start-up warning")
            #expect(DiskSpace.warning(for: mount.path, below: 1) == nil)
            let filler = mount.path + "/filler"
            Tmpfs.fill(filler)

            let meal = try await client.postForm("/meals", [("eaten_at", "2026-03-09T13:00"), ("notes", "Lunch on a full disk")])
            #expect(meal.status.code == 507 && meal.text.contains("nothing was saved"), "\(meal.status)")
            let photo = try await client.postMultipart(
                "/meals", fields: PlacesAndTagsTests.meal("2026-03-09T13:00", notes: "With a photo"),
                files: [MultipartFile(filename: "lunch.jpg", data: try PhotoUploadTests.sampleJPEG())])
            #expect(photo.status.code == 507, "\(photo.status)")
            let food = try await client.postForm("/meals/1/foods", [("source", "catalog:9040"), ("amount", "g250")])
            #expect(food.status.code == 507, "\(food.status)")
            let page = try await client.get("/meals/1")
            #expect(page.status == .ok && page.text.contains("Saved before the disk filled"), "reading goes on")
            #expect(try await database.mealCount() == 1)
            #expect(try await MealSharingTests.grams(database) == [125])

            unlink(filler)
            #expect(
                try await client.postForm("/meals", [("eaten_at", "2026-03-09T13:00"), ("notes", "Lunch once there is room")]).status
                    == .seeOther)
            #expect(
                try await client.postMultipart(
                    "/meals", fields: PlacesAndTagsTests.meal("2026-03-09T13:05", notes: "With a photo"),
                    files: [MultipartFile(filename: "lunch.jpg", data: try PhotoUploadTests.sampleJPEG())]
                ).status == .seeOther)
            #expect(try await database.mealCount() == 3)
        }
    }

    /// Before, signing in answered 507 on a full disk, so someone whose session had expired could
    /// not even read; and a session not used for an hour failed on the note of its use.
    @Test func signingInAndReadingWorkOnAFullDisk() async throws {
        let mount = try TemporaryDirectory()
        defer { Tmpfs.run("/bin/umount", mount.path); mount.remove() }
        try #require(Tmpfs.run("/bin/mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", mount.path))
        let clock = TestClock()
        try await TestEnvironment.withRunningApp(now: { clock.now }, configure: { $0.dataDirectory = mount.path + "/data" }) {
            client, database, _, _ in
            try await database.addMeal("2026-03-09T12:30", notes: "Saved before the disk filled")
            #expect(try await client.get("/").status == .ok)
            let filler = mount.path + "/filler"
            Tmpfs.fill(filler)
            defer { unlink(filler) }

            clock.advance(by: 2 * SessionLifetime.touchInterval)
            #expect(try await client.get("/").status == .ok, "a session not used for a while still reads")
            let signedIn = try await client.signIn(TestPerson.name, TestPerson.password)
            #expect(signedIn.status == .seeOther, "\(signedIn.status)")
            let session = try #require(signedIn.cookie(Authentication.sessionCookie))
            let page = try await client.get("/", session: session)
            #expect(page.status == .ok && page.text.contains("Saved before the disk filled"))
            #expect(
                try await client.postForm("/meals", [("eaten_at", "2026-03-09T13:00")]).status.code == 507,
                "saving still says the disk is full")

            // It ends with everything that ends sessions.
            let out = try await client.postForm("/account/signout-everywhere", [])
            #expect(out.status == .seeOther || out.status.code == 507)
            #expect(try await client.get("/", session: session).status == .seeOther, "signed out everywhere")
        }
    }
}

/// A small filesystem of the test's own, where the machine lets it mount one.
enum Tmpfs {
    static let canMount: Bool = {
        guard let mount = try? TemporaryDirectory() else { return false }
        defer { mount.remove() }
        guard run("/bin/mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", mount.path) else { return false }
        return run("/bin/umount", mount.path)
    }()

    @discardableResult
    static func run(_ tool: String, _ arguments: String...) -> Bool {
        guard let child = try? ChildProcess(tool, arguments) else { return false }
        return child.wait() == 0
    }

    /// Writes until the disk refuses; the file is the space to give back.
    static func fill(_ path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        defer { close(descriptor) }
        let chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while chunk.withUnsafeBytes({ write(descriptor, $0.baseAddress!, $0.count) }) > 0 {}
        // What a 64 KB write could not take, byte by byte.
        var byte: UInt8 = 0
        while write(descriptor, &byte, 1) > 0 {}
    }
}
