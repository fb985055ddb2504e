import Foundation
import Testing
@testable import FoodDiary

/// The rules of who reaches which diary, held where they are decided: `DiaryAccess`.
struct DiaryAccessTests {
    struct Household {
        let access: DiaryAccess
        let sam: Account
        let robin: Account
        let directory: TemporaryDirectory
    }

    /// Sam (the owner) and Robin, each with the diary they have open; nobody else.
    static func household() async throws -> Household {
        let directory = try TemporaryDirectory()
        let accounts = try AccountsDatabase.open(path: directory.path + "/accounts.sqlite")
        let pool = DiaryPool(files: DiaryFiles(directory: directory.path + "/diaries"), maxPhotoPixels: 100_000_000)
        let access = DiaryAccess(accounts: accounts, pool: pool)
        var people: [Account] = []
        for (name, role) in [("Sam", Account.Role.owner), ("Robin", .member)] {
            let id = try await accounts.createAccount(
                name: name, passwordHash: TestPerson.passwordHash, role: role, now: TestEnvironment.fixedNow)
            people.append(
                try await access.openDiary(of: try #require(try await accounts.account(id: id)), now: TestEnvironment.fixedNow).account)
        }
        return Household(access: access, sam: people[0], robin: people[1], directory: directory)
    }

    @Test func aPersonReachesTheDiaryTheyHaveOpenAndOthersOnlyAsOthers() async throws {
        let house = try await Self.household()
        defer { house.directory.remove() }
        let (sam, access) = (house.sam, house.access)
        let samsOpen = try await access.openDiary(of: sam, now: TestEnvironment.fixedNow).diary
        #expect(samsOpen.id == sam.currentDiaryID)
        let robinsOpen = try await access.openDiary(of: house.robin, now: TestEnvironment.fixedNow).diary
        #expect(robinsOpen.id != samsOpen.id)

        // A second diary of Sam's is still Sam's: never "someone else's" to Sam.
        let trip = try await access.accounts.createDiary(accountID: sam.id, name: "Lisbon trip", now: TestEnvironment.fixedNow)
        #expect(try await access.othersDiaries(besides: sam).map(\.diary.id) == [robinsOpen.id])
        #expect(try await access.othersDiaries(besides: sam).map(\.ownerName) == ["Robin"])
        #expect(try await access.othersDiary(trip, besides: sam) == nil)
        #expect(try await access.othersDiary(samsOpen.id, besides: sam) == nil)
        #expect(try await access.othersDiary(999, besides: sam) == nil)
        #expect(try await access.othersDiary(trip, besides: house.robin)?.ownerName == "Sam")

        // A shared meal goes into the diary the recipient has open.
        #expect(try await access.deliveryDiary(for: house.robin, now: TestEnvironment.fixedNow).id == robinsOpen.id)
    }

    @Test func aRemovedPersonsDiariesAreReachedByNobody() async throws {
        let house = try await Self.household()
        defer { house.directory.remove() }
        let robinsDiary = try #require(house.robin.currentDiaryID)
        #expect(try await house.access.accounts.removeAccount(id: house.robin.id))
        #expect(try await house.access.othersDiaries(besides: house.sam).isEmpty)
        #expect(try await house.access.othersDiary(robinsDiary, besides: house.sam) == nil)
    }

    @Test func onlyOnesOwnDiaryIsDeletedAndNeverTheLast() async throws {
        let house = try await Self.household()
        defer { house.directory.remove() }
        let (sam, access) = (house.sam, house.access)
        let samsOpen = try #require(sam.currentDiaryID)
        await #expect(throws: AccountsDatabase.LastDiary.self) { try await access.deleteOwnDiary(samsOpen, of: sam) }
        let trip = try await access.accounts.createDiary(accountID: sam.id, name: "Lisbon trip", now: TestEnvironment.fixedNow)
        #expect(try await access.deleteOwnDiary(trip, of: house.robin) == false, "Robin cannot delete Sam's diary")
        #expect(try await access.deleteOwnDiary(try #require(house.robin.currentDiaryID), of: sam) == false)
        #expect(try await access.deleteOwnDiary(trip, of: sam))
        #expect(try await access.accounts.diaries(accountID: sam.id).map(\.id) == [samsOpen])
        #expect(!FileManager.default.fileExists(atPath: house.directory.path + "/diaries/\(trip)"))
    }
}
