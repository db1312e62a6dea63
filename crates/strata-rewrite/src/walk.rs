//! The walk pattern driver.
