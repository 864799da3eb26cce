import XCTest
import LinkMatch

/// The sample URLs of `shared/real-world-aasa/INDEX.md` whose outcome INDEX.md states without "edge",
/// through each engine. INDEX.md's outcomes are a human reading of each file, not Apple's
/// tool; where that reading conflicts with a SPEC.md decision, SPEC.md wins and the sample says so.
final class SpecRealWorldTests: XCTestCase {
    enum Apps {
        /// The first app ID of the file.
        case first
        /// Every app ID of the file: each one must get the outcome (INDEX.md "all appIDs", "both appIDs").
        case all
        case only(String)
    }

    struct Sample {
        var file: String
        var url: String
        var expect: Decision.Outcome
        var apps: Apps = .first
        /// Set when SPEC.md overrides INDEX.md's reading.
        var specOverrides: String? = nil
    }

    static let samples: [Sample] = [
        // wikipedia.org (legacy paths, one entry per app)
        Sample(file: "wikimedia__operations-mediawiki-config__wikipedia-org.json", url: "https://en.wikipedia.org/wiki/Universal_Links", expect: .match, apps: .all),
        Sample(file: "wikimedia__operations-mediawiki-config__wikipedia-org.json", url: "https://en.wikipedia.org/w/index.php?title=Apple_Inc.&action=history", expect: .noMatch, apps: .all),
        Sample(file: "wikimedia__operations-mediawiki-config__wikipedia-org.json", url: "https://en.wikipedia.org/WIKI/Apple", expect: .noMatch, apps: .all),
        // testwiki (236 components)
        Sample(file: "wikimedia__operations-mediawiki-config__testwiki.json", url: "https://test.wikipedia.org/wiki/Apple", expect: .match),
        Sample(file: "wikimedia__operations-mediawiki-config__testwiki.json", url: "https://test.wikipedia.org/wiki/Special:Random", expect: .exclude),
        Sample(file: "wikimedia__operations-mediawiki-config__testwiki.json", url: "https://test.wikipedia.org/wiki/%ED%8A%B9%EC%88%98:Random", expect: .exclude),
        Sample(file: "wikimedia__operations-mediawiki-config__testwiki.json", url: "https://test.wikipedia.org/wiki/Apple?veaction=edit", expect: .exclude),
        Sample(file: "wikimedia__operations-mediawiki-config__testwiki.json", url: "https://test.wikipedia.org/wiki/Apple#/editor/0", expect: .exclude),
        // thankyou
        Sample(file: "wikimedia__operations-mediawiki-config__thankyou.json", url: "https://thankyou.wikipedia.org/wiki/Thank_You/en", expect: .exclude),
        Sample(file: "wikimedia__operations-mediawiki-config__thankyou.json", url: "https://thankyou.wikipedia.org/", expect: .noMatch),
        // welcometomygarden
        Sample(file: "WelcometoMyGarden__welcometomygarden__well-known.json", url: "https://welcometomygarden.org/explore", expect: .match),
        Sample(file: "WelcometoMyGarden__welcometomygarden__well-known.json", url: "https://welcometomygarden.org/en/terms/", expect: .exclude),
        Sample(file: "WelcometoMyGarden__welcometomygarden__well-known.json", url: "https://welcometomygarden.org/terms/", expect: .match,
               specOverrides: "INDEX.md: exclude. N1/N2 strip the text to \"terms\", which has no \"/\" for `*/terms/*` (or its N3 parent `*/terms`) to match, so the catch-all `*` decides"),
        // 5calls
        Sample(file: "5calls__5calls__well-known.json", url: "https://5calls.org/issue/some-issue", expect: .match),
        Sample(file: "5calls__5calls__well-known.json", url: "https://5calls.org/issue/some-issue#no_universal_links", expect: .exclude),
        Sample(file: "5calls__5calls__well-known.json", url: "https://5calls.org/about", expect: .noMatch),
        // firefly (mixed: components win, D6)
        Sample(file: "DimensionDev__firefly.mask.social__well-known.json", url: "https://firefly.social/post/farcaster/0xabc", expect: .match),
        Sample(file: "DimensionDev__firefly.mask.social__well-known.json", url: "https://firefly.social/post/farcaster/0xabc#no_universal_links", expect: .exclude),
        Sample(file: "DimensionDev__firefly.mask.social__well-known.json", url: "https://firefly.social/settings", expect: .noMatch,
               specOverrides: "INDEX.md leaves open which format applies; D6: components win, so the legacy `/*` is ignored"),
        // minid
        Sample(file: "felleslosninger__minid.no__well-known.json", url: "https://minid.no/app/", expect: .match),
        Sample(file: "felleslosninger__minid.no__well-known.json", url: "https://minid.no/app", expect: .match,
               specOverrides: "INDEX.md: no match (`/app/*` needs the slash). N3: a trailing `/*` also matches the parent path"),
        Sample(file: "felleslosninger__minid.no__well-known.json", url: "https://minid.no/app/login#no_universal_links", expect: .exclude),
        // artsy 2023
        Sample(file: "artsy__artsy-eigen-web-association__2023.json", url: "https://www.artsy.net/artwork/andy-warhol-marilyn", expect: .match),
        Sample(file: "artsy__artsy-eigen-web-association__2023.json", url: "https://www.artsy.net/news/some-story", expect: .exclude),
        Sample(file: "artsy__artsy-eigen-web-association__2023.json", url: "https://www.artsy.net/collections", expect: .exclude),
        Sample(file: "artsy__artsy-eigen-web-association__2023.json", url: "https://www.artsy.net/collections/street-art", expect: .match),
        Sample(file: "artsy__artsy-eigen-web-association__2023.json", url: "https://www.artsy.net/#foo", expect: .match),
        // artsy 2018
        Sample(file: "artsy__artsy-eigen-web-association__2018-base64-excludes.json", url: "https://www.artsy.net/artist/banksy", expect: .match),
        Sample(file: "artsy__artsy-eigen-web-association__2018-base64-excludes.json", url: "https://www.artsy.net/article/artsy-editorial-foo", expect: .exclude),
        Sample(file: "artsy__artsy-eigen-web-association__2018-base64-excludes.json", url: "https://www.artsy.net/click/12345/aHR0cHM6Ly9hcnRzeS5uZXQvYXJ0aWNsZS8", expect: .exclude),
        Sample(file: "artsy__artsy-eigen-web-association__2018-base64-excludes.json", url: "https://www.artsy.net/x/L3ZpZGVvcw", expect: .exclude),
        // simplex
        Sample(file: "simplex-chat__simplex-chat__website-well-known.json", url: "https://simplex.chat/contact#/?v=2-7&smp=smp%3A%2F%2Fabc", expect: .match),
        Sample(file: "simplex-chat__simplex-chat__website-well-known.json", url: "https://simplex.chat/invitation#/?v=2-7", expect: .match),
        Sample(file: "simplex-chat__simplex-chat__website-well-known.json", url: "https://simplex.chat/docs/guide", expect: .noMatch),
        // deriv (one entry per app)
        Sample(file: "binary-com__deriv-com__static-well-known.json", url: "https://deriv.com/redirect?action=verify&code=X", expect: .match, apps: .only("36S5Q8S4V5.com.deriv.app")),
        Sample(file: "binary-com__deriv-com__static-well-known.json", url: "https://deriv.com/redirect?action=verify&code=X", expect: .noMatch, apps: .only("36S5Q8S4V5.com.deriv.dp2p")),
        Sample(file: "binary-com__deriv-com__static-well-known.json", url: "https://deriv.com/cashier/p2p", expect: .match, apps: .only("36S5Q8S4V5.com.deriv.dp2p")),
        Sample(file: "binary-com__deriv-com__static-well-known.json", url: "https://deriv.com/cashier/p2p", expect: .noMatch, apps: .only("36S5Q8S4V5.com.deriv.app")),
        Sample(file: "binary-com__deriv-com__static-well-known.json", url: "https://deriv.com/redirect/", expect: .match, apps: .only("36S5Q8S4V5.com.deriv.app"),
               specOverrides: "INDEX.md: no match (exact path). N2: trailing slashes are insignificant"),
        // bluesky
        Sample(file: "bluesky-social__social-app__bskyweb-static-well-known.json", url: "https://bsky.app/profile/bsky.app/post/3kxyz", expect: .match),
        Sample(file: "bluesky-social__social-app__bskyweb-static-well-known.json", url: "https://bsky.app/", expect: .match),
        // Expensify
        Sample(file: "Expensify__App__well-known.json", url: "https://new.expensify.com/r/123456", expect: .match),
        Sample(file: "Expensify__App__well-known.json", url: "https://new.expensify.com/partners/plaid/oauth_ios?oauth_state_id=x", expect: .match),
        Sample(file: "Expensify__App__well-known.json", url: "https://new.expensify.com/r", expect: .match,
               specOverrides: "INDEX.md: no match (`/r/*` needs the slash). N3: a trailing `/*` also matches the parent path"),
        Sample(file: "Expensify__App__well-known.json", url: "https://new.expensify.com/workspace/123", expect: .noMatch),
        Sample(file: "Expensify__App__root-json-hash-path.json", url: "https://new.expensify.com/#/settings", expect: .noMatch),
        Sample(file: "Expensify__App__root-json-hash-path.json", url: "https://new.expensify.com/settings", expect: .noMatch),
        // Uniswap
        Sample(file: "Uniswap__interface__apps-web-public-well-known.json", url: "https://app.uniswap.org/#/tokens/ethereum/0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", expect: .match),
        Sample(file: "Uniswap__interface__apps-web-public-well-known.json", url: "https://app.uniswap.org/explore/tokens/ethereum/0xA0b8", expect: .match),
        Sample(file: "Uniswap__interface__apps-web-public-well-known.json", url: "https://app.uniswap.org/swap?inputCurrency=ETH", expect: .match,
               specOverrides: "INDEX.md: no match (`/swap/*` needs `/swap/`). N3: `/swap/*` also matches `/swap`; the rule has no `?`, so any query"),
        Sample(file: "Uniswap__interface__apps-web-public-well-known.json", url: "https://app.uniswap.org/pool", expect: .noMatch),
        // ente albums (the "edge" sample is left out)
        Sample(file: "ente-io__ente__albums-well-known.json", url: "https://albums.ente.io/?t=AbCdEfGh#Xk9", expect: .match),
        Sample(file: "ente-io__ente__albums-well-known.json", url: "https://albums.ente.io/AbCdEfGhIj", expect: .match),
        Sample(file: "ente-io__ente__albums-well-known.json", url: "https://albums.ente.io/AbCdEfGhI", expect: .noMatch),
        // ente photos 2024 (mixed)
        Sample(file: "ente-io__ente__photos-well-known-2024-mixed.json", url: "https://albums.ente.io/?t=AbCdEfGh#Xk9", expect: .match),
        Sample(file: "ente-io__ente__photos-well-known-2024-mixed.json", url: "https://albums.ente.io/", expect: .match),
        // home assistant
        Sample(file: "home-assistant__my.home-assistant.io__public-well-known.json", url: "https://my.home-assistant.io/redirect/config_flow_start/?domain=hue", expect: .match, apps: .all),
        Sample(file: "home-assistant__my.home-assistant.io__public-well-known.json", url: "https://my.home-assistant.io/redirect", expect: .match, apps: .all,
               specOverrides: "INDEX.md: no match. N3: `/redirect/*` also matches the parent path `/redirect`"),
        Sample(file: "home-assistant__my.home-assistant.io__public-well-known.json", url: "https://my.home-assistant.io/create-link/", expect: .noMatch, apps: .all),
        // status
        Sample(file: "status-im__status-web__status.app-well-known.json", url: "https://status.app/", expect: .exclude),
        Sample(file: "status-im__status-web__status.app-well-known.json", url: "https://status.app/u/CwSACAES#zQ3shZeE", expect: .match),
        Sample(file: "status-im__status-web__status.app-well-known.json", url: "https://status.app/cc/G00AAAR#zQ3sh", expect: .match),
        Sample(file: "status-im__status-web__status.app-well-known.json", url: "https://status.app/blog", expect: .noMatch),
        // audius
        Sample(file: "AudiusProject__audius-protocol__packages-web-public-well-known.json", url: "https://audius.co/someartist/some-track", expect: .match),
        Sample(file: "AudiusProject__audius-protocol__packages-web-public-well-known.json", url: "https://audius.co/oauth/auth?scope=read", expect: .exclude),
        Sample(file: "AudiusProject__audius-protocol__packages-web-public-well-known.json", url: "https://audius.co/checkout", expect: .exclude),
        // 0xchat
        Sample(file: "0xchat-app__website__public-well-known-minified.json", url: "https://0xchat.com/x/npub1abc", expect: .match),
        Sample(file: "0xchat-app__website__public-well-known-minified.json", url: "https://0xchat.com/xyz", expect: .match),
        Sample(file: "0xchat-app__website__public-well-known-minified.json", url: "https://0xchat.com/", expect: .noMatch),
        // hylo
        Sample(file: "Hylozoic__hylo-evo__public-not-after-exceptions.json", url: "https://www.hylo.com/noo/login/token?token=abc", expect: .match),
        Sample(file: "Hylozoic__hylo-evo__public-not-after-exceptions.json", url: "https://www.hylo.com/noo/user/me", expect: .exclude),
        Sample(file: "Hylozoic__hylo-evo__public-not-after-exceptions.json", url: "https://www.hylo.com/groups/foo/stream", expect: .match),
        Sample(file: "Hylozoic__hylo-evo__public-malformed-appid.json", url: "https://www.hylo.com/groups/foo", expect: .noMatch, apps: .only("L4KZBPS2F3.com.hylo.HyloA")),
        // catchplay (dictionary details, D5)
        Sample(file: "ethanhuang13__knil__catchplay-dict-details.json", url: "https://www.catchplay.com/tw/video-d7a9f1b2", expect: .match),
        Sample(file: "ethanhuang13__knil__catchplay-dict-details.json", url: "https://www.catchplay.com/home", expect: .match),
        Sample(file: "ethanhuang13__knil__catchplay-dict-details.json", url: "https://www.catchplay.com/tw/account", expect: .noMatch),
        // facebook, signed (D2)
        Sample(file: "ethanhuang13__knil__facebook-signed-pkcs7.json", url: "https://www.facebook.com/groups/123/permalink/456/", expect: .match, apps: .only("T84QZS65DQ.com.facebook.Facebook")),
        Sample(file: "ethanhuang13__knil__facebook-signed-pkcs7.json", url: "https://www.facebook.com/login/device-based/regular/login/", expect: .exclude, apps: .only("T84QZS65DQ.com.facebook.Facebook")),
        Sample(file: "ethanhuang13__knil__facebook-signed-pkcs7.json", url: "https://www.facebook.com/v2.12/dialog/oauth", expect: .exclude, apps: .only("T84QZS65DQ.com.facebook.Facebook")),
        Sample(file: "ethanhuang13__knil__facebook-signed-pkcs7.json", url: "https://www.facebook.com/zuck", expect: .noMatch, apps: .only("T84QZS65DQ.com.facebook.Facebook")),
        Sample(file: "ethanhuang13__knil__facebook-signed-pkcs7.json", url: "https://www.facebook.com/zuck", expect: .match, apps: .only("T84QZS65DQ.com.facebook.Wilde")),
        Sample(file: "ethanhuang13__knil__facebook-signed-pkcs7.json", url: "https://www.facebook.com/job/123", expect: .match, apps: .only("T84QZS65DQ.com.facebook.Facebook")),
        // facebook, unsigned 2018
        Sample(file: "ethanhuang13__knil__facebook-unsigned-2018.json", url: "https://www.facebook.com/watch/?v=123", expect: .match, apps: .only("T84QZS65DQ.com.facebook.Facebook")),
        Sample(file: "ethanhuang13__knil__facebook-unsigned-2018.json", url: "https://www.facebook.com/v3.2/dialog/oauth", expect: .exclude, apps: .only("T84QZS65DQ.com.facebook.Facebook")),
        Sample(file: "ethanhuang13__knil__facebook-unsigned-2018.json", url: "https://www.facebook.com/job/123", expect: .noMatch, apps: .only("T84QZS65DQ.com.facebook.Facebook")),
        // twitter, signed: its three entries carry the same rules
        Sample(file: "ethanhuang13__knil__twitter-signed-pkcs7.json", url: "https://twitter.com/jack/status/20", expect: .match, apps: .all),
        Sample(file: "ethanhuang13__knil__twitter-signed-pkcs7.json", url: "https://twitter.com/settings/account", expect: .match, apps: .all),
        Sample(file: "ethanhuang13__knil__twitter-signed-pkcs7.json", url: "https://twitter.com/settings/notifications", expect: .exclude, apps: .all),
        Sample(file: "ethanhuang13__knil__twitter-signed-pkcs7.json", url: "https://twitter.com/jack/privacy", expect: .exclude, apps: .all),
        Sample(file: "ethanhuang13__knil__twitter-signed-pkcs7.json", url: "https://twitter.com/account/login-token", expect: .match, apps: .all),
        Sample(file: "ethanhuang13__knil__twitter-signed-pkcs7.json", url: "https://twitter.com/account/begin_password_reset", expect: .exclude, apps: .all),
        // yelp, signed
        Sample(file: "dyang-branch__universal-link-validator__yelp-signed-pkcs7.json", url: "https://www.yelp.com/biz/gary-danko-san-francisco", expect: .match, apps: .all),
        Sample(file: "dyang-branch__universal-link-validator__yelp-signed-pkcs7.json", url: "https://www.yelp.com/search?find_desc=pizza", expect: .match, apps: .all),
        Sample(file: "dyang-branch__universal-link-validator__yelp-signed-pkcs7.json", url: "https://www.yelp.com/writeareview", expect: .noMatch, apps: .all),
    ]

    func testIndexSampleURLsThroughTheReferenceEngine() throws {
        try assertSamples(engine: ReferenceEngine())
    }

    func testIndexSampleURLsThroughTheCompiledEngine() throws {
        try assertSamples(engine: CompiledEngine())
    }

    func assertSamples(engine: any MatchEngine) throws {
        var failures: [String] = []
        var documents: [String: AASADocument] = [:]
        for sample in Self.samples {
            let document: AASADocument
            if let cached = documents[sample.file] {
                document = cached
            } else {
                document = try AASADocument.parse(try RealWorldFiles.bytes(sample.file)).document
                documents[sample.file] = document
            }
            let url = try ParsedURL(sample.url)
            let prepared = engine.prepare(document)
            let apps: [String]
            switch sample.apps {
            case .first: apps = Array(document.appIDs.prefix(1))
            case .all: apps = document.appIDs
            case .only(let id): apps = [id]
            }
            XCTAssertFalse(apps.isEmpty, sample.file)
            for app in apps {
                // The domain is the site the file is served from: the sample URL's host (INDEX.md).
                let decision = prepared.decide(url, appID: app, domain: url.host)
                if decision.outcome != sample.expect {
                    failures.append("\(sample.file) \(sample.url) for \(app): expected \(sample.expect.rawValue), got \(decision)")
                }
            }
        }
        XCTAssertEqual(failures, [], "\(engine.name):\n" + failures.joined(separator: "\n"))
        XCTAssertEqual(documents.count, 28, "every file but the trailing-comma one and the edge-only SubWallet one")
    }
}
