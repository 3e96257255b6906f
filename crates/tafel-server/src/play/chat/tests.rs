//! The tests of the Messenger, on an SQLite store in memory (no hub, no server).

use tokio::sync::Mutex;

use super::super::testing::{received, token, two_people, Bench};
use super::*;
use crate::domain::seat::{SeatKind, StoredSeat};

#[tokio::test]
async fn a_players_message_is_stored_named_and_told_to_the_game() {
    let bench = Bench::new().await;
    let messenger = Messenger::new(bench.store.clone(), bench.viewers.clone(), 2);
    let live = bench.black_path(two_people()).await;
    let (id, ann, bob) = (live.id.clone(), token(&live, 0), token(&live, 1));
    let author = author(&live, Room::Players, Some(&ann), None).unwrap();
    let handle = Arc::new(Mutex::new(live));
    let mut events = bench.events(&id);
    let text = ChatText::parse("good luck").unwrap();
    let seq = messenger.write(&id, &author, &[], &text).await.unwrap();
    let told = messenger.tell(&handle, Room::Players, seq).await.unwrap();
    let message = told.unwrap();
    assert_eq!((message.seq, message.seat), (1, Some(0)));
    assert_eq!(
        (message.name.as_str(), message.text.as_str()),
        ("Ann", "good luck")
    );
    assert_eq!(received(&mut events), [Event::Chat(message.clone(), false)]);
    // Bob reads the players' room and may write there; nobody reads the spectators'.
    let rooms = messenger.rooms(&handle, &[bob], None).await.unwrap();
    assert_eq!(rooms.players.unwrap(), [message]);
    assert!(rooms.spectators.is_none());
    assert_eq!(rooms.write, Some(Room::Players));
    // A spectator reads the spectators' room only, and writes nowhere unsigned.
    let rooms = messenger.rooms(&handle, &[], None).await.unwrap();
    assert!(rooms.players.is_none());
    assert!(rooms.spectators.unwrap().is_empty());
    assert_eq!(rooms.write, None);
}

#[tokio::test]
async fn a_room_holds_its_cap_of_messages() {
    let bench = Bench::new().await;
    let messenger = Messenger::new(bench.store.clone(), bench.viewers.clone(), 2);
    let live = bench.black_path(two_people()).await;
    let ann = token(&live, 0);
    let author = author(&live, Room::Players, Some(&ann), None).unwrap();
    let text = ChatText::parse("hello").unwrap();
    for _ in 0..2 {
        messenger
            .write(&live.id, &author, &[], &text)
            .await
            .unwrap();
    }
    let full = messenger
        .write(&live.id, &author, &[], &text)
        .await
        .unwrap_err();
    assert_eq!(full.code(), "this-game-room-chat-holds-cap");
}

#[tokio::test]
async fn only_people_at_other_screens_and_signed_in_spectators_write() {
    let bench = Bench::new().await;
    let local = StoredSeat::person(SeatKind::Local, None);
    let alone = bench.black_path(vec![local.clone(), local]).await;
    let first = token(&alone, 0);
    let refused = author(&alone, Room::Players, Some(&first), None).unwrap_err();
    assert_eq!(refused.code(), "nobody-else-plays-in-this-game");
    let live = bench.black_path(two_people()).await;
    let refused = author(&live, Room::Players, None, None).unwrap_err();
    assert_eq!(refused.code(), "only-the-players-write-in-the");
    let refused = author(&live, Room::Spectators, None, None).unwrap_err();
    assert_eq!(refused.code(), "sign-in-to-write-in-the");
    let ann = token(&live, 0);
    let refused = author(&live, Room::Spectators, Some(&ann), None).unwrap_err();
    assert_eq!(refused.code(), "spectators-chat-is-written-by-signed");
}
