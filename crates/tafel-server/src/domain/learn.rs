//! The tutorials (`/learn`): a learner's progress in a game's course is the number of its
//! steps done, counted from the first (a course is taken in order), at most the course's
//! length. The courses themselves are data of the web page (`web/learn/courses/`,
//! docs/learn.md); the domain only bounds what is stored of them.

use crate::domain::Error;
use crate::msg;

/// Steps done of one game's course: at most the course's length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepsDone(i64);

impl StepsDone {
    /// `steps` done of a course of `course` steps; refused past the course's end.
    pub fn new(steps: u64, course: usize) -> Result<StepsDone, Error> {
        match i64::try_from(steps) {
            Ok(count) if steps <= course as u64 => Ok(StepsDone(count)),
            _ => Err(Error::invalid(msg!(
                "steps-done-beyond-the-course",
                steps,
                course
            ))),
        }
    }

    /// How many.
    pub fn count(self) -> i64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_done_are_bounded_by_the_course() {
        assert_eq!(StepsDone::new(0, 5).unwrap().count(), 0);
        assert_eq!(StepsDone::new(5, 5).unwrap().count(), 5);
        let refused = StepsDone::new(6, 5).unwrap_err();
        assert_eq!(refused.message.key, "steps-done-beyond-the-course");
        assert!(StepsDone::new(u64::MAX, 5).is_err());
    }
}
