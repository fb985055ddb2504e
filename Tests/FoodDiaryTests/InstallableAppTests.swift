import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import FoodDiary
import FoodDiaryWeb

/// The web app manifest, its icons and the service worker: what a phone needs to install FoodDiary.
@Suite struct InstallableAppTests {
    struct Manifest: Decodable {
        struct Icon: Decodable { let src: String; let sizes: String; let type: String; let purpose: String }
        let name: String
        let start_url: String
        let scope: String
        let display: String
        let icons: [Icon]
        let share_target: ShareTarget
        let shortcuts: [Shortcut]

        struct Shortcut: Decodable { let name: String; let url: String }

        struct ShareTarget: Decodable {
            struct Params: Decodable { let files: [File] }
            struct File: Decodable { let name: String; let accept: [String] }
            let action: String
            let method: String
            let enctype: String
            let params: Params
        }
    }

    /// A PNG's width and height, from its header.
    static func pngSize(_ bytes: [UInt8]) -> String {
        func number(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return "\(number(16))x\(number(20))"
    }

    @Test func theManifestNamesIconsThatExistAtTheirSizes() async throws {
        try await TestEnvironment.withApp { client, _ in
            let response = try await client.execute(uri: "/manifest.webmanifest", method: .get)
            #expect(response.status == .ok && response.headers[.contentType] == "application/manifest+json")
            let manifest = try JSONDecoder().decode(Manifest.self, from: Data(buffer: response.body))
            #expect(manifest.name == "FoodDiary" && manifest.start_url == "/" && manifest.scope == "/" && manifest.display == "standalone")
            #expect(
                Set(manifest.icons.map(\.sizes)).isSuperset(of: ["192x192", "512x512"])
                    && manifest.icons.contains { $0.purpose == "maskable" })
            // A long press on the installed icon goes straight to the camera page.
            #expect(manifest.shortcuts.map(\.url) == ["/meals/snap", "/meals/to-itemise"])
            for shortcut in manifest.shortcuts { #expect(try await client.get(shortcut.url).status == .ok, "\(shortcut.name)") }
            // The share sheet's photo goes where the service worker takes it, named as the meal form names it.
            let target = manifest.share_target
            #expect(target.action == "/share-target" && target.method == "POST" && target.enctype == "multipart/form-data")
            #expect(target.params.files.map(\.name) == ["photo"] && target.params.files[0].accept == ["image/*"])
            let worker = try await client.execute(uri: "/sw.js", method: .get).text
            #expect(worker.contains(#"url.pathname === "/share-target""#) && worker.contains("/meals/new?shared=1"))
            #expect(try await client.get("/meals/new?shared=1").text.contains("/static/js/shared-photo.js"))
            for icon in manifest.icons {
                let file = try await client.execute(uri: icon.src, method: .get)
                #expect(file.status == .ok && file.headers[.contentType] == icon.type, "\(icon.src)")
                #expect(Self.pngSize(Array(file.body.readableBytesView)) == icon.sizes, "\(icon.src)")
            }
        }
    }

    @Test func theServiceWorkerIsServedFromTheRootAndKeepsOnlyFilesThatExist() async throws {
        try await TestEnvironment.withApp { client, _ in
            let worker = try await client.execute(uri: "/sw.js", method: .get)
            #expect(
                worker.status == .ok && worker.headers[.contentType] == "text/javascript; charset=utf-8"
                    && worker.headers[.cacheControl] == "no-cache")
            let kept = worker.text.firstMatch(of: /const SHELL_FILES = \[OFFLINE, ([^\]]*)\]/).map { String($0.1) } ?? ""
            let paths =
                ["/static/offline.html"]
                + kept.split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                }
            #expect(paths.count >= 3)
            for path in paths { #expect(try await client.execute(uri: path, method: .get).status == .ok, "\(path)") }
            #expect(try await client.get("/static/offline.html").text.contains("Can't reach FoodDiary"))
            let page = try await client.get("/").text
            #expect(page.contains(#"<link rel="manifest" href="/manifest.webmanifest">"#) && page.contains("/static/js/app.js"))
        }
    }
}
